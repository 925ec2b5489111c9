import { describe, expect, it } from "vitest";
import { articleBody, initialArticleState } from "./form-state.ts";

describe("the article form's state", () => {
  it("starts a new article as a public draft by the admin writing it, with no date", () => {
    const state = initialArticleState(null, { authorName: "Olga Owner", timeZone: "Europe/Warsaw" });
    expect(state).toMatchObject({ author_name: "Olga Owner", published_at: "", status: "draft", visibility: "public" });
    expect(articleBody(state, "Europe/Warsaw").published_at).toBeNull();
  });

  it("shows the publication date on the school's clock and sends it back as UTC", () => {
    const state = initialArticleState(
      {
        id: 1,
        slug: "a",
        title: "A",
        body: "",
        cover_image: null,
        author_name: "",
        seo_title: "",
        seo_description: "",
        visibility: "members",
        status: "published",
        published_at: "2026-07-01T08:00:00.000Z",
        created_at: "2026-06-01T00:00:00.000Z",
        updated_at: "2026-06-01T00:00:00.000Z",
        state: "scheduled",
      },
      { authorName: "Olga Owner", timeZone: "Europe/Warsaw" },
    );
    // summer time in Warsaw: UTC+2
    expect(state.published_at).toBe("2026-07-01T10:00");
    expect(state.author_name).toBe("");
    expect(articleBody(state, "Europe/Warsaw").published_at).toBe("2026-07-01T08:00:00.000Z");
    // not a wall-clock time: sent as typed, for the server to refuse
    expect(articleBody({ ...state, published_at: "soon" }, "Europe/Warsaw").published_at).toBe("soon");
  });
});
