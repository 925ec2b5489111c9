// Buying a course and starting to watch it by keyboard alone (Tab, Shift+Tab, Enter, Space, Escape): logging in,
// the sales page's Buy button, the checkout's terms and Pay, the simulated payment, the status page's Start, marking
// the lecture complete, and the search dialog opened and closed with Escape, the focus visible at every stop
// (keyboard.ts) and given back to the button that opened the dialog. The walk of keyboard-purchase*.spec.ts.
import type { Page } from "@playwright/test";
import { registerStudent } from "#tests/helpers/school.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { expect, gotoHydrated, newStudent, waitForHydration } from "./fixtures.ts";
import { tabTo } from "./keyboard.ts";
import { type Lang, purchaseTexts, shopOn } from "./purchase.ts";

const words = {
  en: {
    buy: "Buy now",
    pay: "Pay €89.00",
    complete: "Mark as complete",
    completed: "Completed",
    search: "Search courses",
  },
  pl: {
    buy: "Kup teraz",
    pay: "Zapłać 89,00 zł",
    complete: "Oznacz jako ukończoną",
    completed: "Ukończona",
    search: "Szukaj kursów",
  },
} as const;

export async function buyAndWatchByKeyboard(page: Page, server: TestServer, language: Lang) {
  const t = purchaseTexts[language];
  const w = words[language];
  await shopOn(server, language);
  const buyer = newStudent(language === "pl" ? "Kasia Klawiatura" : "Kim Keys");
  await registerStudent(server, buyer);

  // Logging in: the fields reached with Tab, typing, and Enter sends the form.
  await gotoHydrated(page, "/login?next=%2Fpottery");
  await tabTo(page, page.getByLabel(t.email, { exact: true }));
  await page.keyboard.type(buyer.email);
  await tabTo(page, page.getByLabel(t.password, { exact: true }));
  await page.keyboard.type(buyer.password);
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === "/pottery");
  await waitForHydration(page);

  // The sales page's Buy button opens the checkout.
  await tabTo(page, page.getByRole("link", { name: w.buy }));
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === "/pottery/checkout");
  await waitForHydration(page);

  // The terms: Space ticks the box; Enter on Pay sends the checkout.
  const terms = page.getByLabel(t.terms);
  await tabTo(page, terms);
  await page.keyboard.press("Space");
  await expect(terms).toBeChecked();
  await tabTo(page, page.getByRole("button", { name: w.pay }));
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/payments\/test\/[\w-]{20,}$/);
  await waitForHydration(page);

  // The simulated payment, then the status page's Start into the watch page.
  await tabTo(page, page.getByRole("button", { name: t.pay }));
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/transaction\/[\w-]{20,}$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: t.paid })).toBeVisible();
  await tabTo(page, page.getByRole("link", { name: t.start }));
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/pottery\/watch\/\d+$/);
  await waitForHydration(page);

  // Space marks the lecture complete.
  await tabTo(page, page.getByRole("button", { name: w.complete }));
  await page.keyboard.press("Space");
  await expect(page.getByRole("button", { name: w.completed })).toHaveAttribute("aria-pressed", "true");

  // The search dialog: opened with Enter, closed with Escape, the focus back on the button that opened it.
  const search = page.getByRole("button", { name: w.search });
  await tabTo(page, search, { backwards: true });
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: w.search });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(search).toBeFocused();
}
