import { describe, expect, it } from "vitest";
import { pageRange } from "./page-range.ts";

describe("pageRange", () => {
  it("lists every page when they fit", () => {
    expect(pageRange(1, 1)).toEqual([1]);
    expect(pageRange(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("keeps the first, the last and the current page with its neighbours, with gaps between", () => {
    expect(pageRange(10, 20)).toEqual([1, "gap", 9, 10, 11, "gap", 20]);
    expect(pageRange(5, 20)).toEqual([1, "gap", 4, 5, 6, "gap", 20]);
  });

  it("never hides a single page behind a gap", () => {
    expect(pageRange(4, 8)).toEqual([1, 2, 3, 4, 5, "gap", 8]);
    expect(pageRange(5, 8)).toEqual([1, "gap", 4, 5, 6, 7, 8]);
    for (let pages = 1; pages <= 30; pages++) {
      for (let page = 1; page <= pages; page++) {
        const items = pageRange(page, pages);
        items.forEach((item, i) => {
          if (item !== "gap") return;
          const before = items[i - 1] as number;
          const after = items[i + 1] as number;
          expect(after - before, `${page}/${pages}`).toBeGreaterThan(2);
        });
      }
    }
  });

  it("keeps one length while the current page moves, and always shows the current page", () => {
    for (let page = 1; page <= 20; page++) {
      const items = pageRange(page, 20);
      expect(items).toHaveLength(7);
      expect(items).toContain(page);
      expect(items[0]).toBe(1);
      expect(items.at(-1)).toBe(20);
    }
  });

  it("widens with more siblings and clamps a page outside the range", () => {
    expect(pageRange(10, 20, 2)).toEqual([1, "gap", 8, 9, 10, 11, 12, "gap", 20]);
    expect(pageRange(0, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageRange(99, 20)).toEqual([1, "gap", 16, 17, 18, 19, 20]);
  });
});
