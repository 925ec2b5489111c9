// The member's walk through the card update page /my/membership/card (issue 15 item 5, spec §2 RSA variant),
// shared by the English and Polish specs: a member subscribed through the test provider opens it from
// /my/membership, tries a card the test provider declines for insufficient funds (§8's text under the card),
// then a valid Mastercard by keyboard, and comes back to the membership page with the new card shown. Each state is
// checked with axe and photographed into /tmp/shots-recurring/.
import { expect, expectAccessible, gotoHydrated, login, waitForHydration } from "./fixtures.ts";
import type { Page } from "@playwright/test";
import { newStudent } from "#tests/helpers/discussion-fixtures.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { arrangePlan } from "./memberships-walk.ts";

const nextYear = String(new Date().getUTCFullYear() + 2);

const texts = {
  en: {
    subscribe: /^Subscribe for/,
    payOk: "Pay with a card that renews",
    link: "Update card",
    heading: "Update your card",
    number: "Card number",
    month: "Month",
    year: "Year",
    cvv: /^Security code/,
    save: "Save card",
    declined: "Insufficient funds",
    updated: "Your card has been updated.",
    card: "Mastercard ending in 4444",
  },
  pl: {
    subscribe: /^Wykup za/,
    payOk: "Zapłać kartą, która się odnawia",
    link: "Zmień kartę",
    heading: "Zmień kartę",
    number: "Numer karty",
    month: "Miesiąc",
    year: "Rok",
    cvv: /^Kod zabezpieczający/,
    save: "Zapisz kartę",
    declined: "Niewystarczające środki",
    updated: "Karta została zmieniona.",
    card: "Mastercard kończąca się na 4444",
  },
} as const;

async function fillCard(page: Page, t: (typeof texts)["en" | "pl"], number: string) {
  await page.getByLabel(t.number).fill(number);
  await page.getByLabel(t.month, { exact: true }).selectOption("11");
  await page.getByLabel(t.year, { exact: true }).selectOption(nextYear);
  await page.getByLabel(t.cvv).fill("737");
  await expect(page.locator("[data-card-valid]")).toBeVisible();
}

export async function walkCardUpdate(page: Page, server: TestServer, lang: "en" | "pl", width: number) {
  const t = texts[lang];
  const planId = await arrangePlan(server, `Card club ${lang} ${width}`, "PLN");
  const student = await newStudent(server, "Karol Karta");
  await login(page, student.email, "student-secret");
  await gotoHydrated(page, `/subscribe/checkout?plan=${planId}`);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: t.subscribe }).click();
  await page.waitForURL(/\/subscribe\/test\//);
  await waitForHydration(page);
  await page.getByRole("button", { name: t.payOk }).click();
  await page.waitForURL(/\/my\/membership/);
  await waitForHydration(page);

  await page.getByRole("link", { name: t.link }).click();
  await page.waitForURL(/\/my\/membership\/card/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: t.heading, level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `/tmp/shots-recurring/card-${lang}-${width}-empty.png`, fullPage: true });

  // A card the test provider declines: §8's text under the card, in the page's language.
  await fillCard(page, t, "4000 0000 0000 9995");
  await page.getByRole("button", { name: t.save }).click();
  await expect(page.getByText(t.declined, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `/tmp/shots-recurring/card-${lang}-${width}-declined.png`, fullPage: true });

  // A valid card, by keyboard: saved, back on the membership page with the new card.
  await fillCard(page, t, "5555 5555 5555 4444");
  await page.getByRole("button", { name: t.save }).focus();
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/my\/membership\?card=updated/);
  await expect(page.getByRole("status").filter({ hasText: t.updated })).toBeVisible();
  await expect(page.getByTestId("membership-card")).toContainText(t.card);
  await expectAccessible(page);
  await page.screenshot({ path: `/tmp/shots-recurring/card-${lang}-${width}-updated.png`, fullPage: true });
}
