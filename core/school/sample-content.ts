// "Add sample content" on the setup page and `studium setup --sample`: one published course with two
// sections and six lectures (free, login-required and paid, some an hour or longer), and a sample student
// whose random password is shown once to the owner. Written in the school's language; runs inside the
// setup transaction.
import { randomBytes } from "node:crypto";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { Language, LectureAccess } from "#platform/db/schema.ts";
import { createUser } from "../accounts/create-user.ts";
import { findUserByEmail } from "../accounts/find-user.ts";

export const SAMPLE_PRICE_CENTS = 19900;
export const SAMPLE_STUDENT_EMAIL = "sample.student@example.com";

type SampleLecture = { title: string; minutes: number; access: LectureAccess; body: string };
type SampleTexts = {
  slug: string;
  title: string;
  description: string;
  sections: { title: string; lectures: SampleLecture[] }[];
  studentName: string;
};

const texts: Record<Language, SampleTexts> = {
  en: {
    slug: "digital-photography-basics",
    title: "Digital Photography Basics",
    description:
      "Learn to take sharp, well-exposed photos with any camera, including the one in your phone. " +
      "We start with the settings that matter, then move on to light and composition, and finish by editing " +
      "your first picture. Short practical tasks after every lesson help you practise what you have learned.",
    studentName: "Sam Student",
    sections: [
      {
        title: "Getting started",
        lectures: [
          {
            title: "Welcome to the course",
            minutes: 5,
            access: "free",
            body: "## Welcome!\n\nIn this course you will learn how to **see light**, choose the right settings and compose a picture.\n\nAll you need is a camera or a phone.",
          },
          {
            title: "Your camera and its settings",
            minutes: 25,
            access: "login",
            body: "## The settings that matter\n\n- Shooting modes: auto, aperture priority, manual\n- Focus modes and focus points\n- File formats: JPEG and RAW\n\n**Task:** find these settings on your own camera.",
          },
          {
            title: "Exposure: aperture, shutter speed and ISO",
            minutes: 75,
            access: "paid",
            body: "## The exposure triangle\n\nAperture, shutter speed and ISO work together. Change one and you have to balance the others.\n\n**Task:** take the same scene at three different apertures.",
          },
        ],
      },
      {
        title: "Light and composition",
        lectures: [
          {
            title: "Reading natural light",
            minutes: 40,
            access: "paid",
            body: "## Natural light\n\nGolden hour, overcast days and harsh midday sun each call for a different approach.",
          },
          {
            title: "Composition: the rules and when to break them",
            minutes: 65,
            access: "paid",
            body: "## Composition\n\n- The rule of thirds\n- Leading lines\n- Framing and negative space\n\n**Task:** photograph one subject in five different compositions.",
          },
          {
            title: "Editing your first photo",
            minutes: 32,
            access: "login",
            body: "## Editing\n\nCrop, straighten, then adjust exposure and colour. Less is more.",
          },
        ],
      },
    ],
  },
  pl: {
    slug: "podstawy-fotografii-cyfrowej",
    title: "Podstawy fotografii cyfrowej",
    description:
      "Naucz się robić ostre, dobrze naświetlone zdjęcia dowolnym aparatem, także telefonem. " +
      "Zaczynamy od ustawień, które naprawdę mają znaczenie, potem przechodzimy do światła i kompozycji, " +
      "a na koniec obrabiasz swoje pierwsze zdjęcie. Krótkie zadania po każdej lekcji pomogą Ci przećwiczyć to, czego się nauczysz.",
    studentName: "Zofia Kursantka",
    sections: [
      {
        title: "Pierwsze kroki",
        lectures: [
          {
            title: "Witaj na kursie",
            minutes: 5,
            access: "free",
            body: "## Witaj!\n\nNa tym kursie nauczysz się **widzieć światło**, dobierać ustawienia i komponować kadr.\n\nWystarczy aparat albo telefon.",
          },
          {
            title: "Twój aparat i jego ustawienia",
            minutes: 25,
            access: "login",
            body: "## Ustawienia, które mają znaczenie\n\n- Tryby fotografowania: auto, preselekcja przysłony, manualny\n- Tryby i punkty ostrzenia\n- Formaty plików: JPEG i RAW\n\n**Zadanie:** znajdź te ustawienia w swoim aparacie.",
          },
          {
            title: "Ekspozycja: przysłona, czas naświetlania i ISO",
            minutes: 75,
            access: "paid",
            body: "## Trójkąt ekspozycji\n\nPrzysłona, czas naświetlania i ISO działają razem. Gdy zmienisz jedno, musisz zrównoważyć pozostałe.\n\n**Zadanie:** sfotografuj tę samą scenę przy trzech różnych przysłonach.",
          },
        ],
      },
      {
        title: "Światło i kompozycja",
        lectures: [
          {
            title: "Jak czytać naturalne światło",
            minutes: 40,
            access: "paid",
            body: "## Światło naturalne\n\nZłota godzina, pochmurny dzień i ostre południowe słońce wymagają innego podejścia.",
          },
          {
            title: "Kompozycja: zasady i kiedy je łamać",
            minutes: 65,
            access: "paid",
            body: "## Kompozycja\n\n- Zasada trójpodziału\n- Linie prowadzące\n- Ramowanie i pusta przestrzeń\n\n**Zadanie:** sfotografuj jeden obiekt w pięciu różnych kompozycjach.",
          },
          {
            title: "Obróbka pierwszego zdjęcia",
            minutes: 32,
            access: "login",
            body: "## Obróbka\n\nKadrowanie, prostowanie, potem ekspozycja i kolor. Mniej znaczy więcej.",
          },
        ],
      },
    ],
  },
};

export type SampleContent = {
  course: { title: string; slug: string; sections: number; lectures: number };
  student: { name: string; email: string; password: string };
};

/** A free e-mail address for the sample student (the owner may have taken the first one). */
async function freeSampleEmail(db: Db): Promise<string> {
  const [local, domain] = SAMPLE_STUDENT_EMAIL.split("@") as [string, string];
  for (let n = 1; ; n++) {
    const email = n === 1 ? SAMPLE_STUDENT_EMAIL : `${local}${n}@${domain}`;
    if (!(await findUserByEmail(db, email))) return email;
  }
}

/** Sample course, sections, lectures and a sample student, in the school's language. */
export async function addSampleContent(
  db: Db,
  options: { language: Language; currency: string },
): Promise<SampleContent> {
  const t = texts[options.language];
  const now = nowIso();
  const course = await db
    .insertInto("courses")
    .values({
      slug: t.slug,
      title: t.title,
      description: t.description,
      status: "published",
      price_cents: SAMPLE_PRICE_CENTS,
      currency: options.currency,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  let lectures = 0;
  for (const [sectionIndex, section] of t.sections.entries()) {
    const { id: sectionId } = await db
      .insertInto("course_sections")
      .values({ course_id: course.id, title: section.title, position: sectionIndex + 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("lectures")
      .values(
        section.lectures.map((lecture, index) => ({
          section_id: sectionId,
          title: lecture.title,
          duration_minutes: lecture.minutes,
          access: lecture.access,
          status: "published" as const,
          position: index + 1,
          body: lecture.body,
        })),
      )
      .execute();
    lectures += section.lectures.length;
  }

  // A random password, shown once to the owner (setup response, CLI output) so they can see the school as a student.
  const password = randomBytes(9).toString("base64url");
  const email = await freeSampleEmail(db);
  await createUser(db, { name: t.studentName, email, password, role: "student" });

  return {
    course: { title: t.title, slug: t.slug, sections: t.sections.length, lectures },
    student: { name: t.studentName, email, password },
  };
}
