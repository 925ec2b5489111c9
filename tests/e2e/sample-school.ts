// Shared by the sample content specs (English and Polish): the school set up once per server with "Add sample
// content", the sample student's login from the setup's answer, and the walk through the sample course in the
// browser (the cover, the welcome clip playing to its end, the discussion, the paid lecture's PDF and quiz).
import type { Page } from "@playwright/test";
import { BrowserClient } from "#tests/helpers/browser-client.ts";
import { owner } from "#tests/helpers/school.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { expect, expectAccessible, gotoHydrated } from "./fixtures.ts";

export type SampleSchool = {
  slug: string;
  student: { name: string; email: string; password: string };
  free: number;
  paid: number;
};

const schools = new WeakMap<TestServer, Promise<SampleSchool>>();

async function setUp(server: TestServer, language: "en" | "pl"): Promise<SampleSchool> {
  const client = new BrowserClient(server.url);
  await client.page("/setup");
  const response = await client.post("/setup", {
    school_name: language === "pl" ? "Akademia Fotografii" : "Photo School",
    language,
    currency: language === "pl" ? "PLN" : "EUR",
    ...owner,
    sample: true,
  });
  if (response.status !== 200) throw new Error(`setup failed: ${response.status}`);
  const db = server.handle.db;
  const course = await db.selectFrom("courses").select(["id", "slug"]).executeTakeFirstOrThrow();
  const lectureWith = async (kind: "video" | "pdf") =>
    (await db.selectFrom("lecture_components").select("lecture_id").where("kind", "=", kind).executeTakeFirstOrThrow())
      .lecture_id;
  return {
    slug: course.slug,
    student: response.body.sample_student,
    free: await lectureWith("video"),
    paid: await lectureWith("pdf"),
  };
}

export function sampleSchoolOn(server: TestServer, language: "en" | "pl"): Promise<SampleSchool> {
  let school = schools.get(server);
  if (!school) {
    school = setUp(server, language);
    schools.set(server, school);
  }
  return school;
}

export const texts = {
  en: {
    lesson: "How the course works",
    comment: "Do I need a tripod for this course?",
    question: "Which two changes let more light reach the sensor?",
    answers: ["Opening the aperture from f/8 to f/4", "Slowing the shutter from 1/500 s to 1/125 s"],
    check: "Check my answer",
    correct: "Correct!",
  },
  pl: {
    lesson: "Jak działa kurs",
    comment: "Czy na tym kursie przyda się statyw?",
    question: "Które dwie zmiany wpuszczą więcej światła do matrycy?",
    answers: ["Otwarcie przysłony z f/8 do f/4", "Wydłużenie czasu z 1/500 s do 1/125 s"],
    check: "Sprawdź odpowiedź",
    correct: "Dobrze!",
  },
};

/** The home page's course card shows the generated cover (decoded by the browser at its full size). */
export async function expectCoverShown(page: Page) {
  await gotoHydrated(page, "/");
  const cover = page.locator('img[src^="/files/images/"]').first();
  await expect(cover).toBeVisible();
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1280);
}

/** The free lecture: the markdown lesson, and the welcome clip, which the browser plays to its end. */
export async function playWelcomeClip(page: Page, school: SampleSchool, language: "en" | "pl") {
  await gotoHydrated(page, `/${school.slug}/watch/${school.free}`);
  await expect(page.getByRole("heading", { name: texts[language].lesson })).toBeVisible();
  const video = page.locator("video");
  await expect(video).toBeVisible();
  const played = await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    const ended = new Promise<void>((resolve, reject) => {
      element.addEventListener("ended", () => resolve(), { once: true });
      element.addEventListener("error", () => reject(new Error(`video error ${element.error?.code}`)), { once: true });
    });
    await element.play();
    await ended;
    return {
      width: element.videoWidth,
      height: element.videoHeight,
      duration: element.duration,
      frames: element.getVideoPlaybackQuality().totalVideoFrames,
    };
  });
  expect(played).toMatchObject({ width: 256, height: 144, duration: 3 });
  expect(played.frames).toBeGreaterThan(1);
}

/** The paid lecture as the sample student: its PDF is served to the viewer, and the quiz takes two answers. */
export async function openPaidLecture(page: Page, school: SampleSchool, language: "en" | "pl") {
  const pdf = page.waitForResponse((response) => /\/files\/lectures\/.+\.pdf$/.test(new URL(response.url()).pathname));
  await gotoHydrated(page, `/${school.slug}/watch/${school.paid}`);
  const answer = await pdf;
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("application/pdf");
  const t = texts[language];
  const question = page.getByRole("group", { name: t.question });
  for (const name of t.answers) await question.getByRole("checkbox", { name }).check();
  await question.getByRole("button", { name: t.check }).click();
  await expect(question.getByRole("status")).toHaveText(t.correct);
  await expectAccessible(page);
}
