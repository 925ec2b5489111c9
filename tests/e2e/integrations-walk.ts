// The owner's walk through /home/integrations, shared by the English and the Polish spec: the built-in test payments
// are there and enabled; Stripe is set up (a missing key is refused under its field), edited with its secrets left
// blank (kept) and switched off there, enabled and disabled from its card, and deleted through the confirm dialog;
// secrets never show on the page; axe finds nothing on the list, the form with errors, and the dialog. Below it, the
// buyer's look at /my/invoices.
import { expect, type Page } from "@playwright/test";
import { addCourseProduct, addSale } from "#tests/helpers/invoice-fixtures.ts";
import { registerStudent } from "#tests/helpers/school.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { expectAccessible, gotoHydrated, login, newStudent } from "./fixtures.ts";

const texts = {
  en: {
    title: "Integrations",
    payments: "Payments",
    invoicing: "Invoicing",
    testName: "Test payments (simulated)",
    enabled: "Enabled",
    disabled: "Disabled",
    notSetUp: "Not set up",
    setUp: "Set up Stripe",
    edit: "Edit Stripe",
    disable: "Disable Stripe",
    enable: "Enable Stripe",
    delete: "Delete Stripe",
    deleteButton: "Delete",
    deleteTitle: "Delete the Stripe integration?",
    newTitle: "Set up Stripe",
    editTitle: "Stripe settings",
    secretKey: "Secret key",
    webhookSecret: "Webhook signing secret",
    enabledSwitch: "Enabled",
    save: "Save",
    saved: "Saved",
    required: "This field is required.",
    kept: "A value is stored. Leave this blank to keep it.",
    set: "Set",
    disableTest: "Disable Test payments (simulated)",
    enableTest: "Enable Test payments (simulated)",
  },
  pl: {
    title: "Integracje",
    payments: "Płatności",
    invoicing: "Faktury",
    testName: "Płatności testowe (symulowane)",
    enabled: "Włączona",
    disabled: "Wyłączona",
    notSetUp: "Nieskonfigurowana",
    setUp: "Skonfiguruj: Stripe",
    edit: "Edytuj: Stripe",
    disable: "Wyłącz: Stripe",
    enable: "Włącz: Stripe",
    delete: "Usuń: Stripe",
    deleteButton: "Usuń",
    deleteTitle: "Usunąć integrację Stripe?",
    newTitle: "Konfiguracja: Stripe",
    editTitle: "Ustawienia: Stripe",
    secretKey: "Klucz tajny (secret key)",
    webhookSecret: "Sekret podpisu webhooków",
    enabledSwitch: "Włączona",
    save: "Zapisz",
    saved: "Zapisano",
    required: "To pole jest wymagane.",
    kept: "Wartość jest zapisana. Zostaw to pole puste, aby ją zachować.",
    set: "Ustawiony",
    disableTest: "Wyłącz: Płatności testowe (symulowane)",
    enableTest: "Włącz: Płatności testowe (symulowane)",
  },
} as const;

export async function walkIntegrations(page: Page, lang: "en" | "pl", options: { viaNavigation: boolean }) {
  const t = texts[lang];
  const secretKey = `sk_test_e2e_${lang}_${Date.now().toString(36)}`;
  const webhookSecret = `whsec_e2e_${lang}_${Date.now().toString(36)}`;

  if (options.viaNavigation) {
    await page
      .getByRole("navigation", { name: lang === "pl" ? "Nawigacja panelu" : "Admin navigation" })
      .getByRole("link", { name: t.title })
      .click();
    await page.waitForURL("**/home/integrations");
  } else {
    await gotoHydrated(page, "/home/integrations");
  }
  await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: t.payments })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: t.invoicing })).toBeVisible();
  const testCard = page.getByRole("article", { name: t.testName });
  await expect(testCard.getByText(t.enabled, { exact: true })).toBeVisible();
  const stripeCard = page.getByRole("article", { name: "Stripe" });
  await expect(stripeCard.getByText(t.notSetUp, { exact: true })).toBeVisible();
  await expectAccessible(page);

  // Set up: a missing key is refused under its field.
  await stripeCard.getByRole("link", { name: t.setUp }).click();
  await page.waitForURL("**/home/integrations/stripe");
  await expect(page.getByRole("heading", { level: 1, name: t.newTitle })).toBeVisible();
  await page.getByLabel(t.secretKey, { exact: true }).fill(secretKey);
  await page.getByRole("button", { name: t.save }).click();
  const webhookField = page.getByLabel(t.webhookSecret, { exact: true });
  await expect(webhookField).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(t.required)).toBeVisible();
  await expectAccessible(page);
  await webhookField.fill(webhookSecret);
  await page.getByRole("button", { name: t.save }).click();
  await page.waitForURL((url) => url.pathname === "/home/integrations");
  await expect(page.getByText(t.saved, { exact: true })).toBeVisible();
  await expect(stripeCard.getByText(t.enabled, { exact: true })).toBeVisible();
  await expect(
    stripeCard
      .getByRole("definition")
      .filter({ hasText: new RegExp(`^${t.set}$`) })
      .first(),
  ).toBeVisible();
  expect(await page.content()).not.toContain(secretKey);

  // Edit: the secrets stay blank (and are kept); the integration is switched off in the form.
  await stripeCard.getByRole("link", { name: t.edit }).click();
  await page.waitForURL("**/home/integrations/stripe");
  await expect(page.getByRole("heading", { level: 1, name: t.editTitle })).toBeVisible();
  await expect(page.getByLabel(t.secretKey, { exact: true })).toHaveValue("");
  await expect(page.getByText(t.kept).first()).toBeVisible();
  expect(await page.content()).not.toContain(webhookSecret);
  await page.getByRole("switch", { name: t.enabledSwitch }).uncheck();
  await page.getByRole("button", { name: t.save }).click();
  await page.waitForURL((url) => url.pathname === "/home/integrations");
  await expect(stripeCard.getByText(t.disabled, { exact: true })).toBeVisible();
  await expect(stripeCard.getByRole("definition").filter({ hasText: new RegExp(`^${t.set}$`) })).toHaveCount(2);

  // Enable, disable, enable with the card's buttons.
  await stripeCard.getByRole("button", { name: t.enable }).click();
  await expect(stripeCard.getByText(t.enabled, { exact: true })).toBeVisible();
  await stripeCard.getByRole("button", { name: t.disable }).click();
  await expect(stripeCard.getByText(t.disabled, { exact: true })).toBeVisible();
  await stripeCard.getByRole("button", { name: t.enable }).click();
  await expect(stripeCard.getByText(t.enabled, { exact: true })).toBeVisible();

  // Delete, through the confirm dialog.
  await stripeCard.getByRole("button", { name: t.delete }).click();
  const dialog = page.getByRole("alertdialog", { name: t.deleteTitle });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: t.deleteButton }).click();
  await expect(dialog).toHaveCount(0);
  await expect(stripeCard.getByText(t.notSetUp, { exact: true })).toBeVisible();

  // The test payments can be switched off and on; they have no delete button.
  await testCard.getByRole("button", { name: t.disableTest }).click();
  await expect(testCard.getByText(t.disabled, { exact: true })).toBeVisible();
  await testCard.getByRole("button", { name: t.enableTest }).click();
  await expect(testCard.getByText(t.enabled, { exact: true })).toBeVisible();
  await expect(testCard.getByRole("button", { name: new RegExp(t.deleteButton) })).toHaveCount(0);
  await expectAccessible(page);
}

const invoiceTexts = {
  en: {
    title: "Invoices",
    nav: "Your account",
    download: "Download PDF",
    scheduled: "Being issued",
    failed: "Could not be issued",
  },
  pl: {
    title: "Faktury",
    nav: "Twoje konto",
    download: "Pobierz PDF",
    scheduled: "W trakcie wystawiania",
    failed: "Nie udało się wystawić",
  },
} as const;

/** A buyer with three invoices (issued, being issued, failed) looks at /my/invoices; axe finds nothing. */
export async function checkMyInvoices(page: Page, server: TestServer, lang: "en" | "pl") {
  const t = invoiceTexts[lang];
  const student = newStudent("Anna Nowak");
  await registerStudent(server, student);
  const db = server.handle.db;
  const userId = (
    await db.selectFrom("users").select("id").where("email", "=", student.email).executeTakeFirstOrThrow()
  ).id;
  const productId = await addCourseProduct(db, "Fotografia krajobrazowa od podstaw");
  const now = new Date().toISOString();
  const rows = [
    {
      status: "issued",
      number: `FV ${userId}/2026`,
      external_id: "1",
      pdf_url: "https://example.invalid/invoice/t.pdf",
    },
    { status: "scheduled" },
    { status: "failed", last_error: "fakturownia: the API token was refused (HTTP 401)" },
  ] as const;
  for (const row of rows) {
    const sale = await addSale(db, { userId, productId });
    await db
      .insertInto("invoices")
      .values({ transaction_id: sale.id, provider: "fakturownia", created_at: now, updated_at: now, ...row })
      .execute();
  }
  await login(page, student.email, student.password);
  await page.getByRole("navigation", { name: t.nav }).getByRole("link", { name: t.title }).click();
  await page.waitForURL("**/my/invoices");
  await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
  const list = page.getByRole("list", { name: lang === "pl" ? "Twoje faktury" : "Your invoices" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await expect(list.getByText(`FV ${userId}/2026`)).toBeVisible();
  await expect(list.getByRole("link", { name: new RegExp(t.download.split(" ")[0]!) })).toHaveAttribute(
    "href",
    /^\/my\/invoices\/\d+\/pdf$/,
  );
  await expect(list.getByText(t.scheduled, { exact: true })).toBeVisible();
  await expect(list.getByText(t.failed, { exact: true })).toBeVisible();
  // The owner's technical error stays with the owner.
  expect(await page.content()).not.toContain("API token was refused");
  await expectAccessible(page);
}
