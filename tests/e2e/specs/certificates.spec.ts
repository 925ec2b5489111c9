// Certificates in the browser (issue 17, item 3): a student completes a course on the watch page, the issue job
// writes the certificate, the student downloads the PDF from /my/certificates (its text carries the Polish name)
// and a stranger opens the verification page; the owner sees it on the course's certificate page. English (student
// at 1280 px, stranger at 390 px), then (last: the school switches language) Polish the other way round. Axe on
// every page; screenshots in /tmp/shots-certs.
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { createUser } from "#core/accounts/create-user.ts";
import { BrowserClient } from "#tests/helpers/browser-client.ts";
import { arrangeDiscussionCourse, grantAccess } from "#tests/helpers/discussion-fixtures.ts";
import { waitFor, type TestServer } from "#tests/helpers/test-server.ts";
import { expect, expectAccessible, gotoHydrated, login, newStudent, owner, test } from "../fixtures.ts";

const wide = { width: 1280, height: 800 };
const narrow = { width: 390, height: 844 };
const SHOTS = "/tmp/shots-certs";

const texts = {
  en: {
    complete: "Mark as complete",
    title: "My certificates",
    download: "Download PDF",
    valid: "Valid",
    verify: "Certificate verification",
    heading: "This certifies that",
  },
  pl: {
    complete: "Oznacz jako ukończoną",
    title: "Moje certyfikaty",
    download: "Pobierz PDF",
    valid: "Ważny",
    verify: "Weryfikacja certyfikatu",
    heading: "Niniejszym zaświadcza się, że",
  },
} as const;
type Lang = keyof typeof texts;

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function completeAndDownload(server: TestServer, page: Page, stranger: Page, lang: Lang) {
  const text = texts[lang];
  const db = server.handle.db;
  const course = await arrangeDiscussionCourse(db, { lectures: { one: { access: "paid" }, two: { access: "paid" } } });
  await db
    .insertInto("certificate_templates")
    .values({
      course_id: course.id,
      enabled: 1,
      background_image: null,
      validity_months: 12,
      layout: "{}",
      updated_at: new Date().toISOString(),
    })
    .execute();
  const student = newStudent("Zażółć Gęślą");
  const user = await createUser(db, { ...student, role: "student" });
  await grantAccess(db, user.id, course.id);
  await login(page, student.email, student.password);
  for (const lecture of [course.lectures.one, course.lectures.two]) {
    await gotoHydrated(page, `/${course.slug}/watch/${lecture}`);
    const toggle = page.getByRole("button", { name: text.complete });
    await Promise.all([page.waitForResponse((r) => r.url().endsWith(`/lecture/${lecture}/complete`)), toggle.click()]);
    await expect(page.locator(`button[aria-pressed="true"]`).first()).toBeVisible();
  }
  const certificate = await waitFor(() =>
    db
      .selectFrom("certificates")
      .selectAll()
      .where("user_id", "=", user.id)
      .where("course_id", "=", course.id)
      .executeTakeFirst(),
  );

  await gotoHydrated(page, "/my/certificates");
  await expect(page.getByRole("heading", { name: text.title, level: 1 })).toBeVisible();
  const item = page.locator(`[data-certificate-id="${certificate.public_id}"]`);
  await expect(item.getByText(text.valid, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await shot(page, `my-certificates-${lang}-${page.viewportSize()!.width}`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    item.getByRole("link", { name: new RegExp(text.download.replace(" ", ".*")) }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`certificate-${certificate.public_id}.pdf`);
  const bytes = new Uint8Array(fs.readFileSync((await download.path())!));
  const { text: pdfText } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  expect(pdfText).toContain("Zażółć Gęślą");
  expect(pdfText).toContain(text.heading);
  expect(pdfText).toContain(certificate.course_title);

  await gotoHydrated(stranger, `/certificates/${certificate.public_id}`);
  await expect(stranger.getByRole("heading", { name: text.verify, level: 1 })).toBeVisible();
  await expect(stranger.getByText(text.valid, { exact: true })).toBeVisible();
  await expect(stranger.getByTestId("certificate-student")).toHaveText("Zażółć Gęślą");
  await expectAccessible(stranger);
  await shot(stranger, `verify-${lang}-${stranger.viewportSize()!.width}`);
  return course;
}

async function ownerSees(page: Page, courseId: number, lang: Lang) {
  await login(page, owner.email, owner.password);
  await gotoHydrated(page, `/home/courses/${courseId}/certificate`);
  await expect(page.getByText("Zażółć Gęślą")).toBeVisible();
  await expectAccessible(page);
  await shot(page, `admin-template-${lang}-${page.viewportSize()!.width}`);
}

test.describe("certificates", () => {
  test.describe.configure({ timeout: 180_000 });

  test("in English: completed and downloaded at 1280 px, verified at 390 px", async ({
    page,
    newPage,
    server,
    schoolEn: _,
  }) => {
    await page.setViewportSize(wide);
    const course = await completeAndDownload(server, page, await newPage({ viewport: narrow }), "en");
    await ownerSees(await newPage({ viewport: narrow }), course.id, "en");
  });

  // Last in this file: the school switches to Polish (the next file starts a new server).
  test("in Polish: completed and downloaded at 390 px, verified at 1280 px", async ({
    page,
    newPage,
    server,
    schoolEn: _,
  }) => {
    const client = new BrowserClient(server.url);
    await client.page("/login");
    expect((await client.post("/login", { email: owner.email, password: owner.password })).status).toBe(200);
    const settings = await client.json("PUT", "/home/settings", {
      name: "Test Academy",
      language: "pl",
      currency: "PLN",
      login_enabled: true,
      registration_enabled: true,
    });
    expect(settings.status).toBe(200);
    // The school is cached for two seconds: wait until the pages speak Polish.
    await expect(async () => {
      await page.goto("/login");
      await expect(page.locator("html")).toHaveAttribute("lang", "pl", { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await page.setViewportSize(narrow);
    const course = await completeAndDownload(server, page, await newPage({ viewport: wide }), "pl");
    await ownerSees(await newPage({ viewport: wide }), course.id, "pl");
  });
});
