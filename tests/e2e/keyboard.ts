// Moving through a page by keyboard alone, as a person who does not use a mouse: Tab (and Shift+Tab) until the
// wanted control has the focus, checking at every stop that the focus can be seen (an outline or a ring).
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** Whether the focused element shows where the focus is: a visible outline or a box-shadow ring. */
async function focusIsVisible(page: Page): Promise<{ visible: boolean; what: string }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { visible: false, what: "nothing focused" };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== "none" && style.boxShadow !== "";
    const what = `${element.tagName.toLowerCase()} "${(element.textContent ?? element.getAttribute("aria-label") ?? "").trim().slice(0, 40)}"`;
    return { visible: outline || ring, what };
  });
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has the focus, at most `limit` stops, the focus visible at
 * every stop.
 */
export async function tabTo(page: Page, target: Locator, options: { backwards?: boolean; limit?: number } = {}) {
  const limit = options.limit ?? 60;
  for (let stop = 0; stop < limit; stop++) {
    await page.keyboard.press(options.backwards ? "Shift+Tab" : "Tab");
    const focus = await focusIsVisible(page);
    expect(focus.visible, `focus not visible on ${focus.what}`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab did not reach the target within ${limit} stops`);
}
