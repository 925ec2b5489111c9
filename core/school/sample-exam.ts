// The sample course's exam (issue 17, item 2): a pool of six choice questions on the course's basics, four drawn
// per attempt, 60% to pass, two attempts of ten minutes, the correct answers shown once passed or after the last
// attempt, and required for the course's completion. Every question is scored at once (no grading needed), so
// a new owner can try failing and passing as the sample student.
import type { Db } from "#platform/db/connection.ts";
import type { Language } from "#platform/db/schema.ts";
import { createExam } from "#core/exams/create-exam.ts";

type Choice = { title: string; options: [string, string, string]; correct: 0 | 1 | 2 };

const texts: Record<Language, { title: string; description: string; questions: Choice[] }> = {
  en: {
    title: "Final exam: photography basics",
    description: "Four questions drawn from the course. You need 60% to pass; you have two attempts of ten minutes.",
    questions: [
      { title: "Which aperture lets in the most light?", options: ["f/2", "f/8", "f/16"], correct: 0 },
      {
        title: "What does a faster shutter speed do?",
        options: ["Freezes motion", "Adds blur", "Brightens the photo"],
        correct: 0,
      },
      {
        title: "When is the golden hour?",
        options: ["At noon", "Just after sunrise and before sunset", "At midnight"],
        correct: 1,
      },
      { title: "What does a higher ISO add?", options: ["Sharpness", "Noise", "Depth of field"], correct: 1 },
      {
        title: "Where does the rule of thirds put the subject?",
        options: ["In the exact centre", "In a corner", "On the lines a third of the way in"],
        correct: 2,
      },
      {
        title: "Which light gives the softest shadows?",
        options: ["Midday sun", "An overcast sky", "A bare flash"],
        correct: 1,
      },
    ],
  },
  pl: {
    title: "Egzamin końcowy: podstawy fotografii",
    description: "Cztery pytania z kursu. Do zaliczenia potrzebujesz 60%; masz dwa podejścia po dziesięć minut.",
    questions: [
      { title: "Która przysłona wpuszcza najwięcej światła?", options: ["f/2", "f/8", "f/16"], correct: 0 },
      {
        title: "Co daje krótszy czas naświetlania?",
        options: ["Zamraża ruch", "Dodaje rozmycia", "Rozjaśnia zdjęcie"],
        correct: 0,
      },
      {
        title: "Kiedy jest złota godzina?",
        options: ["W południe", "Tuż po wschodzie i przed zachodem słońca", "O północy"],
        correct: 1,
      },
      { title: "Co dodaje wyższe ISO?", options: ["Ostrość", "Szum", "Głębię ostrości"], correct: 1 },
      {
        title: "Gdzie reguła trójpodziału umieszcza obiekt?",
        options: ["Dokładnie w środku", "W rogu", "Na liniach w jednej trzeciej kadru"],
        correct: 2,
      },
      {
        title: "Które światło daje najmiększe cienie?",
        options: ["Słońce w południe", "Zachmurzone niebo", "Goła lampa błyskowa"],
        correct: 1,
      },
    ],
  },
};

export const SAMPLE_EXAM = { pool: 6, draw: 4, passPercent: 60, attempts: 2, minutes: 10 } as const;

export async function addSampleExam(
  db: Db,
  options: { language: Language; courseId: number; ownerId: number; now: string },
): Promise<{ id: number; title: string }> {
  const text = texts[options.language];
  const exam = await createExam(
    db,
    { kind: "admin", userId: options.ownerId },
    {
      title: text.title,
      description: text.description,
      course_id: options.courseId,
      required_for_completion: true,
      questions: text.questions.map((question) => ({
        type: "single",
        title: question.title,
        points: 1,
        options: question.options.map((label, index) => ({
          value: String(index + 1),
          label,
          correct: index === question.correct,
        })),
      })),
      draw_count: SAMPLE_EXAM.draw,
      pass_percent: SAMPLE_EXAM.passPercent,
      time_limit_minutes: SAMPLE_EXAM.minutes,
      max_attempts: SAMPLE_EXAM.attempts,
      show_answers: "after_passing",
    },
    options.now,
  );
  return { id: exam.id, title: exam.title };
}
