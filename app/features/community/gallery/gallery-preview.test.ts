// The gallery preview's rules (spec §2, §9): nothing without a photo; 3 per row with 'See all'; from 6 photos it
// starts folded to one row, with a show-more button. And the lightbox's swipe distance (50 px).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { GalleryImage } from "#core/community/gallery-images.ts";
import { I18nProvider } from "#app/lib/i18n.tsx";
import { swipeDirection } from "./gallery-lightbox.tsx";
import { GalleryPreview } from "./gallery-preview.tsx";

function images(count: number): GalleryImage[] {
  return Array.from({ length: count }, (_, i) => ({
    id: 100 - i,
    src: `/files/images/posts/${i}.png`,
    thumbnail: `/files/images/posts/${i}.png`,
    alt: `Photo ${i + 1}`,
    caption: `Photo ${i + 1}`,
    width: 40,
    height: 30,
    post_id: 100 - i,
    post_url: `/community/posts/${100 - i}`,
    topic_id: 7,
  }));
}

function render(count: number, lang: "en" | "pl" = "en") {
  const initial = { community_topic: null, images: images(count), see_all_url: "/community/gallery/7" };
  return renderToStaticMarkup(
    createElement(I18nProvider, {
      lang,
      children: createElement(MemoryRouter, null, createElement(GalleryPreview, { topicId: 7, initial })),
    }),
  );
}

const photoButtons = (html: string) => html.match(/aria-label="(Open photo|Otwórz zdjęcie): [^"]*"/g) ?? [];

describe("GalleryPreview", () => {
  it("renders nothing without a photo", () => {
    expect(render(0)).toBe("");
  });

  it("shows up to 5 photos all, three per row, with 'See all' to the topic's gallery and no show-more button", () => {
    const html = render(5);
    expect(photoButtons(html)).toHaveLength(5);
    expect(html).toContain("grid-cols-3");
    expect(html).toMatch(/<a[^>]*href="\/community\/gallery\/7"[^>]*>See all<\/a>/);
    expect(html).not.toContain("Show more");
  });

  it("from 6 photos starts folded to the first row, with a show-more button", () => {
    for (const count of [6, 9]) {
      const html = render(count);
      expect(photoButtons(html)).toHaveLength(3);
      expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*>Show more<\/button>/);
    }
  });

  it("speaks Polish", () => {
    const html = render(6, "pl");
    expect(html).toContain("Zobacz wszystkie");
    expect(html).toContain("Pokaż więcej");
    expect(photoButtons(html)[0]).toBe('aria-label="Otwórz zdjęcie: Photo 1"');
  });
});

describe("swipeDirection", () => {
  it("counts a sideways move of 50 px or more: leftwards the next photo, rightwards the previous one", () => {
    const start = { x: 200, y: 300 };
    expect(swipeDirection(start, { x: 150, y: 300 })).toBe(1);
    expect(swipeDirection(start, { x: 250, y: 310 })).toBe(-1);
    expect(swipeDirection(start, { x: 151, y: 300 })).toBe(0);
    expect(swipeDirection(start, { x: 249, y: 300 })).toBe(0);
    // Mostly up or down is no swipe.
    expect(swipeDirection(start, { x: 120, y: 400 })).toBe(0);
  });
});
