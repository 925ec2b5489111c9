// Moving through a page by keyboard alone, as a person who does not use a mouse: Tab (or Shift+Tab) until the
// wanted control has the focus, checking at every stop that the focus can be seen; and moving an item of a sortable
// list (app/features/authoring/sortable-list.tsx) with Space and the arrow keys.
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

type Stop = { what: string; visible: boolean; wrapped: boolean };

/**
 * Where the focus is and whether it shows: an outline on the element or on a close ancestor (a card or a choice
 * box outlined while what it holds has the focus), or a focus ring (a box-shadow spreading 2 px or more without
 * offset or blur). Native media controls draw their own focus inside the player. Past the last control the focus
 * leaves the page for the browser's own (the body is active): that stop is not the page's to show.
 */
function currentStop(page: Page): Promise<Stop> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { what: "the browser", visible: true, wrapped: true };
    const what = `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? element.getAttribute("name") ?? "").trim().slice(0, 40)}"`;
    if (element instanceof HTMLMediaElement && element.controls) return { what, visible: true, wrapped: false };
    // One shadow layer ("rgb(37, 99, 235) 0px 0px 0px 2px"): a ring has no offset or blur, spreads 2 px or more,
    // and is not transparent.
    const isRing = (layer: string) => !/rgba\([^)]*,\s*0\)/.test(layer) && /0px 0px 0px ([2-9]|\d{2,})px/.test(layer);
    const layers = (shadow: string) => shadow.split(/,(?![^(]*\))/);
    let node: HTMLElement | null = element;
    for (let depth = 0; node && depth < 4; depth++, node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0)
        return { what, visible: true, wrapped: false };
      if (layers(style.boxShadow).some(isRing)) return { what, visible: true, wrapped: false };
    }
    return { what, visible: false, wrapped: false };
  });
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has the focus, at most `limit` stops, the focus visible at
 * every stop.
 */
export async function tabTo(page: Page, target: Locator, options: { backwards?: boolean; limit?: number } = {}) {
  const limit = options.limit ?? 60;
  const visited: string[] = [];
  for (let stop = 0; stop < limit; stop++) {
    await page.keyboard.press(options.backwards ? "Shift+Tab" : "Tab");
    const current = await currentStop(page);
    visited.push(current.what);
    expect(current.visible, `focus not visible on ${current.what}`).toBe(true);
    if (!current.wrapped && (await target.evaluate((element) => element === document.activeElement))) return;
  }
  throw new Error(`Tab did not reach the target within ${limit} stops: ${visited.join(", ")}`);
}

/** Waits until a drag-and-drop live region (one per sortable list) has announced the text to screen readers. */
async function announced(page: Page, text: RegExp) {
  await expect(page.locator('[id^="DndLiveRegion"]').filter({ hasText: text })).toHaveCount(1);
}

/**
 * Moves an item one place down with the keyboard: Space picks it up, ArrowDown moves it, Space drops it. Every
 * list it is used on has two items, so an ArrowDown that dnd-kit dropped (its measuring of the list runs a frame
 * later, which a loaded machine delays) is pressed again: it cannot go further than the second place.
 */
export async function moveDownWithKeyboard(page: Page, handle: Locator, orderUrl: RegExp) {
  await handle.focus();
  await page.keyboard.press("Space");
  await announced(page, /Picked up|Podniesiono/);
  const moved = page
    .locator('[id^="DndLiveRegion"]')
    .filter({ hasText: /moved to position 2|przesunięto na pozycję 2/ });
  await expect(async () => {
    await page.keyboard.press("ArrowDown");
    await expect(moved).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  const [response] = await Promise.all([
    page.waitForResponse((r) => orderUrl.test(new URL(r.url()).pathname) && r.request().method() === "POST"),
    page.keyboard.press("Space"),
  ]);
  expect(response.status()).toBe(200);
}
