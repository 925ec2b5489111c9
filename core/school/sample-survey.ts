// The sample course's survey (issue 17, item 7): three questions asked after the first section's last lecture
// (placement "course_lecture"), in the school's language, stored as the admin's survey builder would save it.
import type { Db } from "#platform/db/connection.ts";
import type { Language } from "#platform/db/schema.ts";
import { columnsOf } from "#core/surveys/survey-place.ts";
import { surveySchema } from "#core/surveys/schemas.ts";
import { parseInput } from "../validation.ts";

const texts: Record<Language, { title: string; description: string; questions: unknown[] }> = {
  en: {
    title: "How is the course going?",
    description: "You have finished the first section. Three quick questions help us make the rest better.",
    questions: [
      {
        type: "select",
        title: "How clear was the first section?",
        required: true,
        options: [
          { value: "very", label: "Very clear" },
          { value: "mostly", label: "Mostly clear" },
          { value: "not", label: "Not clear enough" },
        ],
      },
      {
        type: "checkbox",
        title: "What do you shoot with?",
        options: [
          { value: "phone", label: "A phone" },
          { value: "camera", label: "A camera" },
        ],
      },
      { type: "textarea", title: "What would you like to learn next?", placeholder: "Optional" },
    ],
  },
  pl: {
    title: "Jak idzie kurs?",
    description: "Ukończyłeś pierwszą sekcję. Trzy krótkie pytania pomogą nam ulepszyć resztę kursu.",
    questions: [
      {
        type: "select",
        title: "Jak zrozumiała była pierwsza sekcja?",
        required: true,
        options: [
          { value: "very", label: "Bardzo zrozumiała" },
          { value: "mostly", label: "W większości zrozumiała" },
          { value: "not", label: "Niewystarczająco zrozumiała" },
        ],
      },
      {
        type: "checkbox",
        title: "Czym fotografujesz?",
        options: [
          { value: "phone", label: "Telefonem" },
          { value: "camera", label: "Aparatem" },
        ],
      },
      { type: "textarea", title: "Czego chcesz nauczyć się dalej?", placeholder: "Opcjonalnie" },
    ],
  },
};

export async function addSampleSurvey(
  db: Db,
  options: { language: Language; courseId: number; afterLectureId: number; now: string },
): Promise<void> {
  const t = texts[options.language];
  const survey = parseInput(surveySchema, {
    title: t.title,
    description: t.description,
    questions: t.questions,
    placement: "course_lecture",
    course_id: options.courseId,
    lecture_id: options.afterLectureId,
  });
  await db
    .insertInto("surveys")
    .values({ ...columnsOf(survey), created_at: options.now, updated_at: options.now })
    .execute();
}
