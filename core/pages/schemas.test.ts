// Each block type's settings rules (pure): what the builder and the §7 calls accept and refuse.
import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "../validation.ts";
import {
  blockSettingsByType,
  BIO_LINKS_MAX,
  blockTypeSchema,
  CAROUSEL_SLIDES_MAX,
  GALLERY_IMAGES_MAX,
  isSafeLink,
  pageSchema,
  PRICING_PLANS_MAX,
  TESTIMONIALS_MAX,
} from "./schemas.ts";
import { videoEmbed } from "./video-embed.ts";

function errorsOf(type: keyof typeof blockSettingsByType, settings: unknown) {
  const result = blockSettingsByType[type].safeParse(settings);
  return result.success ? {} : fieldErrorsOf(result.error, settings);
}

describe("block types", () => {
  it("knows the built types and refuses others", () => {
    expect(blockTypeSchema.safeParse({ type: "countdown" }).success).toBe(true);
    expect(blockTypeSchema.safeParse({ type: "lead_form" }).success).toBe(true);
    expect(blockTypeSchema.safeParse({ type: "carousel" }).success).toBe(true);
    expect(blockTypeSchema.safeParse({ type: "pricing" }).success).toBe(true);
    expect(blockTypeSchema.safeParse({ type: "pricing_table" }).success).toBe(false);
  });
});

describe("countdown", () => {
  const base = { expired_text: "Over" };
  it("needs a real end: a course for a promotion, minutes for an evergreen one", () => {
    expect(errorsOf("countdown", { ...base, mode: "promo" })).toEqual({
      course_id: [{ key: "pages:countdown_no_end" }],
    });
    expect(errorsOf("countdown", { ...base, mode: "evergreen" })).toEqual({
      minutes: [{ key: "pages:countdown_no_end" }],
    });
    expect(errorsOf("countdown", { ...base, mode: "evergreen", minutes: 30 })).toEqual({});
    expect(errorsOf("countdown", { ...base, mode: "promo", course_id: 4 })).toEqual({});
  });

  it("takes colours as #rrggbb and class names only", () => {
    expect(errorsOf("countdown", { ...base, mode: "evergreen", minutes: 5, bg_color: "#12abEF" })).toEqual({});
    expect(errorsOf("countdown", { ...base, mode: "evergreen", minutes: 5, text_color: "red" })).toEqual({
      text_color: [{ key: "pages:color_format" }],
    });
    expect(
      errorsOf("countdown", { ...base, mode: "evergreen", minutes: 5, custom_classes: "shadow-lg md:p-8 w-[20rem]" }),
    ).toEqual({});
    expect(errorsOf("countdown", { ...base, mode: "evergreen", minutes: 5, custom_classes: '"><script>' })).toEqual({
      custom_classes: [{ key: "pages:classes_format" }],
    });
  });

  it("keeps an evergreen deadline between a minute and a year, and needs the text after the end", () => {
    expect(Object.keys(errorsOf("countdown", { ...base, mode: "evergreen", minutes: 0 }))).toEqual(["minutes"]);
    expect(Object.keys(errorsOf("countdown", { ...base, mode: "evergreen", minutes: 525_601 }))).toEqual(["minutes"]);
    expect(Object.keys(errorsOf("countdown", { mode: "evergreen", minutes: 5 }))).toEqual(["expired_text"]);
  });
});

describe("video", () => {
  it("embeds YouTube, Vimeo and Bunny Stream only, through their players", () => {
    expect(videoEmbed("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toEqual({
      provider: "youtube",
      src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    });
    expect(videoEmbed("https://vimeo.com/123456")).toEqual({
      provider: "vimeo",
      src: "https://player.vimeo.com/video/123456",
    });
    expect(videoEmbed("https://player.mediadelivery.net/play/42/0e3b5c4a-1f2d-4c3b-9a8e-7d6c5b4a3f21")).toEqual({
      provider: "bunny",
      src: "https://iframe.mediadelivery.net/embed/42/0e3b5c4a-1f2d-4c3b-9a8e-7d6c5b4a3f21",
    });
    expect(videoEmbed("http://iframe.mediadelivery.net/embed/42/0e3b5c4a-1f2d-4c3b-9a8e-7d6c5b4a3f21")).toBeNull();
    expect(videoEmbed("https://iframe.mediadelivery.net/embed/42/../../evil")).toBeNull();
    expect(videoEmbed("javascript:alert(1)")).toBeNull();
    expect(errorsOf("video", { url: "https://example.com/a.mp4" })).toEqual({
      url: [{ key: "pages:video_unknown" }],
    });
  });
});

describe("other blocks", () => {
  it("needs at least one complete question, a heading's text, a text, a course id", () => {
    expect(Object.keys(errorsOf("faq", { items: [] }))).toEqual(["items"]);
    expect(Object.keys(errorsOf("faq", { items: [{ question: "Why?", answer: " " }] }))).toEqual(["items.0.answer"]);
    expect(Object.keys(errorsOf("heading", { text: "  " }))).toEqual(["text"]);
    expect(errorsOf("heading", { text: "Hi", level: 4 })).not.toEqual({});
    expect(Object.keys(errorsOf("text", { markdown: "" }))).toEqual(["markdown"]);
    expect(Object.keys(errorsOf("checkout", { course_id: "1; drop" }))).toEqual(["course_id"]);
  });

  it("a page needs a title; status is draft unless published", () => {
    expect(pageSchema.parse({ title: "Offer" })).toMatchObject({ status: "draft", slug: "" });
    expect(pageSchema.safeParse({ title: "" }).success).toBe(false);
    expect(pageSchema.safeParse({ title: "X", status: "archived" }).success).toBe(false);
  });
});

describe("carousel and gallery", () => {
  const slide = { image: "images/a.png" };
  it("need one image at least and at most their maximum, each with an upload", () => {
    expect(errorsOf("carousel", { slides: [slide] })).toEqual({});
    expect(Object.keys(errorsOf("carousel", { slides: [] }))).toEqual(["slides"]);
    expect(Object.keys(errorsOf("carousel", { slides: Array(CAROUSEL_SLIDES_MAX + 1).fill(slide) }))).toEqual([
      "slides",
    ]);
    expect(Object.keys(errorsOf("carousel", { slides: [slide, { image: " ", alt: "x" }] }))).toEqual([
      "slides.1.image",
    ]);
    expect(errorsOf("gallery", { images: Array(GALLERY_IMAGES_MAX).fill(slide) })).toEqual({});
    expect(Object.keys(errorsOf("gallery", { images: Array(GALLERY_IMAGES_MAX + 1).fill(slide) }))).toEqual(["images"]);
  });

  it("keeps autoplay off unless asked", () => {
    expect(blockSettingsByType.carousel.parse({ slides: [slide] }).autoplay).toBe(false);
    expect(blockSettingsByType.carousel.parse({ slides: [slide], autoplay: true }).autoplay).toBe(true);
  });
});

describe("before/after", () => {
  const pair = { before: "images/b.png", after: "images/a.png" };
  it("starts at 50 unless set, within 0-100 in 0.1 steps", () => {
    expect(blockSettingsByType.before_after.parse(pair).start).toBe(50);
    expect(errorsOf("before_after", { ...pair, start: 33.3 })).toEqual({});
    expect(errorsOf("before_after", { ...pair, start: 0 })).toEqual({});
    expect(errorsOf("before_after", { ...pair, start: 100 })).toEqual({});
    for (const start of [100.1, -1, 50.05])
      expect(errorsOf("before_after", { ...pair, start }), String(start)).toEqual({
        start: [{ key: "pages:slider_start" }],
      });
  });

  it("needs both images", () => {
    expect(Object.keys(errorsOf("before_after", { before: "images/b.png" }))).toEqual(["after"]);
  });
});

describe("testimonials", () => {
  it("need a quote and a name; role and photo are optional", () => {
    expect(errorsOf("testimonials", { items: [{ quote: "Great.", name: "Ala" }] })).toEqual({});
    expect(blockSettingsByType.testimonials.parse({ items: [{ quote: "Great.", name: "Ala" }] }).items[0]).toEqual({
      quote: "Great.",
      name: "Ala",
      role: "",
      photo: "",
    });
    expect(Object.keys(errorsOf("testimonials", { items: [{ quote: "  ", name: "" }] })).sort()).toEqual([
      "items.0.name",
      "items.0.quote",
    ]);
    expect(Object.keys(errorsOf("testimonials", { items: [] }))).toEqual(["items"]);
    expect(
      Object.keys(errorsOf("testimonials", { items: Array(TESTIMONIALS_MAX + 1).fill({ quote: "q", name: "n" }) })),
    ).toEqual(["items"]);
  });
});

describe("links a visitor follows", () => {
  it("takes http(s) addresses, and same-site paths only where asked", () => {
    expect(isSafeLink("https://example.com/a", { sameSite: false })).toBe(true);
    expect(isSafeLink("http://example.com", { sameSite: false })).toBe(true);
    expect(isSafeLink("/contact", { sameSite: true })).toBe(true);
    expect(isSafeLink("/contact", { sameSite: false })).toBe(false);
  });
  it("refuses other schemes, protocol-relative and backslash paths, and relative ones", () => {
    for (const url of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "data:text/html,<script>x</script>",
      "vbscript:x",
      "mailto:a@b.c",
      "ftp://example.com",
      "//evil.example",
      "/\\evil.example",
      "contact",
      "https://",
    ])
      expect(isSafeLink(url.trim(), { sameSite: true }), url).toBe(false);
  });
});

describe("pricing", () => {
  const plan = { name: "Basic", price_text: "€10" };
  it("takes 1-4 plans, a course or a price text, and one highlighted at most", () => {
    expect(errorsOf("pricing", { plans: [plan] })).toEqual({});
    expect(errorsOf("pricing", { plans: [{ name: "Course", course_id: 3 }] })).toEqual({});
    expect(Object.keys(errorsOf("pricing", { plans: [] }))).toEqual(["plans"]);
    expect(Object.keys(errorsOf("pricing", { plans: Array(PRICING_PLANS_MAX + 1).fill(plan) }))).toEqual(["plans"]);
    expect(errorsOf("pricing", { plans: [{ ...plan, course_id: 3 }] })).toEqual({
      "plans.0.price_text": [{ key: "pages:pricing_price_typed" }],
    });
    expect(errorsOf("pricing", { plans: [{ name: "Nothing" }] })).toEqual({
      "plans.0.price_text": [{ key: "pages:pricing_no_price" }],
    });
    expect(
      errorsOf("pricing", {
        plans: [
          { ...plan, highlighted: true },
          { ...plan, highlighted: true },
        ],
      }),
    ).toEqual({ plans: [{ key: "pages:pricing_one_highlight" }] });
  });
  it("refuses button links other than http(s) or a same-site path, and a button without a link", () => {
    for (const button_url of ["javascript:alert(1)", "data:text/html,x", "//evil.example"])
      expect(errorsOf("pricing", { plans: [{ ...plan, button_label: "Go", button_url }] }), button_url).toEqual({
        "plans.0.button_url": [{ key: "pages:link_scheme" }],
      });
    expect(errorsOf("pricing", { plans: [{ ...plan, button_label: "Go" }] })).toEqual({
      "plans.0.button_url": [{ key: "pages:pricing_no_link" }],
    });
    expect(errorsOf("pricing", { plans: [{ ...plan, button_label: "Go", button_url: "/contact" }] })).toEqual({});
  });
});

describe("bio", () => {
  const base = { name: "Ala", text: "Painter." };
  it("takes a name, a text and up to 5 http(s) links", () => {
    expect(errorsOf("bio", { ...base, links: [{ label: "Site", url: "https://ala.example" }] })).toEqual({});
    expect(Object.keys(errorsOf("bio", { text: "x" }))).toEqual(["name"]);
    expect(
      Object.keys(
        errorsOf("bio", { ...base, links: Array(BIO_LINKS_MAX + 1).fill({ label: "X", url: "https://x.example" }) }),
      ),
    ).toEqual(["links"]);
  });
  it("refuses javascript:, data: and same-site paths as links", () => {
    for (const url of ["javascript:alert(1)", "data:text/html,x", "/contact", "//evil.example"])
      expect(errorsOf("bio", { ...base, links: [{ label: "Go", url }] }), url).toEqual({
        "links.0.url": [{ key: "pages:link_http" }],
      });
  });
});
