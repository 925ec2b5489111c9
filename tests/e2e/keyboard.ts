// Moving through a page by keyboard alone, as a person who does not use a mouse: Tab (or Shift+Tab) until the
// wanted control has the focus, checking at every stop that the focus can be seen.
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
