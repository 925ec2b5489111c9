// The course access manager and invitations in the browser, in English and in Polish, at 390 and 1280 px, with
// axe on every state: the buyer of a team purchase (quantity 3) sees the seats, invites a person (the table and
// the seats left update), is told when an e-mail was already invited, deletes an invitation after confirming;
// the invited person opens the e-mail's link, registers with the prefilled address, accepts and can start the
// course. A student who did not buy gets the 404 page.
import type { Page } from "@playwright/test";
import type { BrowserClient } from "#tests/helpers/browser-client.ts";
import { registerStudent, setUpSchool } from "#tests/helpers/school.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { buyTeamPurchase, invitationLinkFor } from "#tests/integration/access-helpers.ts";
import { addCourse } from "#tests/integration/catalog-helpers.ts";
import { expect, expectAccessible, gotoHydrated, login, newStudent, test, walks } from "../fixtures.ts";

const texts = {
  en: {
    school: "Test Academy",
    title: "Course access manager",
    left: "Invitations left",
    name: "Name",
    email: "E-mail",
    send: "Send invitation",
    sentToast: (email: string) => `Invitation sent to ${email}`,
    statusSent: "Sent",
    already: "This e-mail address has already been invited with this purchase.",
    deleteOf: (name: string) => `Delete the invitation of ${name}`,
    confirmDelete: "Delete",
    deleted: "Invitation deleted",
    empty: "No invitations sent yet.",
    invitation: "Invitation to a course",
    lead: (inviter: string) => `${inviter} invites you to the course Team course.`,
    password: "Password",
    register: "Create account",
    accept: "Accept the invitation",
    joined: "You have joined the course. Enjoy learning!",
    start: "Start the course",
    notFound: "We couldn't find that page.",
    inviteTitle: "Invite a person",
  },
  pl: {
    school: "Akademia Testowa",
    title: "Zarządzanie dostępem do kursu",
    left: "Pozostałe zaproszenia",
    name: "Imię i nazwisko",
    email: "E-mail",
    send: "Wyślij zaproszenie",
    sentToast: (email: string) => `Wysłano zaproszenie do ${email}`,
    statusSent: "Wysłane",
    already: "Ten adres e-mail został już zaproszony w ramach tego zakupu.",
    deleteOf: (name: string) => `Usuń zaproszenie dla: ${name}`,
    confirmDelete: "Usuń",
    deleted: "Zaproszenie usunięte",
    empty: "Nie wysłano jeszcze żadnych zaproszeń.",
    invitation: "Zaproszenie na kurs",
    lead: (inviter: string) => `${inviter} zaprasza Cię na kurs Team course.`,
    password: "Hasło",
    register: "Załóż konto",
    accept: "Przyjmij zaproszenie",
    joined: "Dołączono do kursu. Miłej nauki!",
    start: "Rozpocznij kurs",
    notFound: "Nie znaleźliśmy tej strony.",
    inviteTitle: "Zaproś osobę",
  },
} as const;

type Lang = keyof typeof texts;

const arranged = new WeakMap<TestServer, Promise<{ admin: BrowserClient; courseId: number }>>();

async function schoolIn(server: TestServer, language: Lang) {
  let ready = arranged.get(server);
  if (!ready) {
    ready = (async () => {
      const admin = await setUpSchool(server, { language: "en", currency: "EUR" });
      const courseId = await addCourse(server, {
        slug: "team-course",
        title: "Team course",
        price_cents: 9900,
        sections: [{ title: "Start", lectures: [{ title: "Welcome", minutes: 5, access: "paid" }] }],
      });
      return { admin, courseId };
    })();
    arranged.set(server, ready);
  }
  const { admin, courseId } = await ready;
  const response = await admin.json("PUT", "/home/settings", {
    name: texts[language].school,
    language,
    currency: "EUR",
    login_enabled: true,
    registration_enabled: true,
  });
  expect(response.status).toBe(200);
  return { courseId };
}

/** A student who bought three seats, logged in through the form in a page of the given width. */
async function buyerPage(
  server: TestServer,
  newPage: (o?: { viewport?: { width: number; height: number } }) => Promise<Page>,
  width: number,
  tag: string,
) {
  const buyer = newStudent(`Bea ${tag}`);
  const client = await registerStudent(server, buyer);
  await buyTeamPurchase(server, client, "team-course", 3);
  const page = await newPage({ viewport: { width, height: width < 600 ? 844 : 800 } });
  await login(page, buyer.email, buyer.password);
  return { page, buyer };
}

// Each language once and each width once (docs/decisions/0035).
for (const { language, width } of walks) {
  const t = texts[language];

  test.describe(`the access manager in ${language} at ${width} px`, () => {
    // Several pages, each checked with axe, on a machine shared with other runs.
    test.slow();

    test("the buyer invites, is told about a repeated e-mail, and deletes an invitation", async ({
      server,
      newPage,
    }) => {
      const { courseId } = await schoolIn(server, language);
      const { page } = await buyerPage(server, newPage, width, `${language}${width}`);
      await gotoHydrated(page, `/home/access-manager/${courseId}`);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
      const seatsLeft = page.locator("dl div").filter({ hasText: t.left }).locator("dd");
      await expect(seatsLeft).toHaveText("3");
      await expect(page.getByText(t.empty)).toBeVisible();
      await expectAccessible(page);

      const invitee = `ann-${language}-${width}-${Date.now()}@example.com`;
      const form = page.getByRole("form", { name: t.inviteTitle });
      await form.getByLabel(t.name, { exact: true }).fill("Ann Able");
      await form.getByLabel(t.email, { exact: true }).fill(invitee);
      await form.getByRole("button", { name: t.send }).click();
      await expect(page.getByText(t.sentToast(invitee))).toBeVisible();
      const row = page.locator(`tr[data-invitation="${invitee}"]`);
      await expect(row).toContainText("Ann Able");
      await expect(row).toContainText(t.statusSent);
      await expect(seatsLeft).toHaveText("2");
      await expectAccessible(page);

      await form.getByLabel(t.name, { exact: true }).fill("Ann Again");
      await form.getByLabel(t.email, { exact: true }).fill(invitee);
      await form.getByRole("button", { name: t.send }).click();
      await expect(form.getByText(t.already)).toBeVisible();
      await expect(form.getByLabel(t.email, { exact: true })).toHaveAttribute("aria-invalid", "true");
      await expectAccessible(page);

      await row.getByRole("button", { name: t.deleteOf("Ann Able") }).click();
      const dialog = page.getByRole("alertdialog");
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole("button", { name: t.confirmDelete }).click();
      await expect(page.getByText(t.deleted)).toBeVisible();
      await expect(row).toHaveCount(0);
      await expect(seatsLeft).toHaveText("3");
    });

    test("the invited person registers from the link, accepts and starts the course", async ({ server, newPage }) => {
      const { courseId } = await schoolIn(server, language);
      const { page, buyer } = await buyerPage(server, newPage, width, `inv${language}${width}`);
      await gotoHydrated(page, `/home/access-manager/${courseId}`);
      const invitee = `joy-${language}-${width}-${Date.now()}@example.com`;
      await page.getByLabel(t.name, { exact: true }).fill("Joy Joiner");
      await page.getByLabel(t.email, { exact: true }).fill(invitee);
      await page.getByRole("button", { name: t.send }).click();
      await expect(page.locator(`tr[data-invitation="${invitee}"]`)).toBeVisible();

      const { path } = await invitationLinkFor(server, invitee);
      const guest = await newPage({ viewport: { width, height: width < 600 ? 844 : 800 } });
      await gotoHydrated(guest, path);
      await expect(guest.getByRole("heading", { level: 1, name: t.invitation })).toBeVisible();
      await expect(guest.getByText(t.lead("Bea Buyer"))).toBeVisible();
      await expect(guest.getByLabel(t.email, { exact: true })).toHaveValue(invitee);
      await expect(guest.getByLabel(t.name, { exact: true })).toHaveValue("Joy Joiner");
      await expectAccessible(guest);

      await guest.getByLabel(t.password, { exact: true }).fill("joy-secret-1");
      await guest.getByRole("button", { name: t.register }).click();
      await guest.waitForURL((url) => url.pathname === path && url.search === "");
      await expect(guest.getByRole("button", { name: t.accept })).toBeVisible();
      await expectAccessible(guest);
      await guest.getByRole("button", { name: t.accept }).click();
      await expect(guest.getByText(t.joined)).toBeVisible();
      await expectAccessible(guest);
      await guest.getByRole("link", { name: t.start }).click();
      await guest.waitForURL(/\/team-course\/watch/);
      expect(buyer.email).toContain("@example.com");
    });

    test("a student who did not buy gets the 404 page", async ({ server, newPage }) => {
      const { courseId } = await schoolIn(server, language);
      const student = newStudent("Sid Stranger");
      await registerStudent(server, student);
      const page = await newPage({ viewport: { width, height: width < 600 ? 844 : 800 } });
      await login(page, student.email, student.password);
      await page.goto(`/home/access-manager/${courseId}`);
      await expect(page.getByRole("heading", { level: 1, name: t.notFound })).toBeVisible();
      await expectAccessible(page);
    });
  });
}
