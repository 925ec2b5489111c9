import { describe, expect, it } from "vitest";
import { keysetPage, nextPageUrl } from "./feed.ts";

describe("the feed's keyset", () => {
  const rows = (ids: number[]) => ids.map((id) => ({ id }));

  it("keeps `limit` rows and points the next page below the last one when one more was read", () => {
    expect(keysetPage(rows([9, 8, 7, 6]), 3)).toEqual({ rows: rows([9, 8, 7]), nextBefore: 7 });
  });

  it("has no next page when no more than `limit` rows came back", () => {
    expect(keysetPage(rows([9, 8, 7]), 3)).toEqual({ rows: rows([9, 8, 7]), nextBefore: null });
    expect(keysetPage([], 3)).toEqual({ rows: [], nextBefore: null });
  });

  it("names the next page's address per topic or over all topics (§7 POST {next_page_url})", () => {
    expect(nextPageUrl(4, 120)).toBe("/json/community/topics/4?before=120");
    expect(nextPageUrl(null, 120)).toBe("/json/community?before=120");
    expect(nextPageUrl(4, null)).toBeNull();
  });
});
