// The topic form's rules (core/community/topic-schemas.ts), as the server and the page check them.
import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "../validation.ts";
import { TOPIC_DESCRIPTION_MAX, TOPIC_TITLE_MAX, topicFormBody, topicSchema } from "./topic-schemas.ts";

function errors(input: Record<string, unknown>) {
  const result = topicSchema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error, input);
}

describe("topicSchema", () => {
  it("takes a public topic with defaults: students may post, no products", () => {
    expect(topicSchema.parse({ title: "  Introduce yourself  " })).toEqual({
      title: "Introduce yourself",
      description: "",
      allow_students_to_add_posts: 1,
      visibility: "public",
      product_ids: [],
    });
  });

  it("wants a title of 1 to 120 characters and says the limits", () => {
    expect(errors({ title: "   " }).title).toEqual([
      { key: "community_admin:title_required", values: { max: TOPIC_TITLE_MAX } },
    ]);
    expect(errors({}).title?.[0]?.key).toBe("community_admin:title_required");
    expect(errors({ title: "x".repeat(TOPIC_TITLE_MAX) }).title).toBeUndefined();
    expect(errors({ title: "x".repeat(TOPIC_TITLE_MAX + 1) }).title).toEqual([
      { key: "community_admin:title_too_long", values: { max: TOPIC_TITLE_MAX } },
    ]);
  });

  it("takes a description of at most 1000 characters", () => {
    expect(errors({ title: "T", description: "d".repeat(TOPIC_DESCRIPTION_MAX) })).toEqual({});
    expect(errors({ title: "T", description: "d".repeat(TOPIC_DESCRIPTION_MAX + 1) }).description).toEqual([
      { key: "community_admin:description_too_long", values: { max: TOPIC_DESCRIPTION_MAX } },
    ]);
  });

  it("takes allow_students_to_add_posts as 0 or 1 only", () => {
    expect(topicSchema.parse({ title: "T", allow_students_to_add_posts: 0 }).allow_students_to_add_posts).toBe(0);
    expect(topicSchema.parse({ title: "T", allow_students_to_add_posts: true }).allow_students_to_add_posts).toBe(1);
    expect(errors({ title: "T", allow_students_to_add_posts: 2 }).allow_students_to_add_posts).toBeDefined();
  });

  it("refuses a visibility other than public or restricted", () => {
    expect(errors({ title: "T", visibility: "secret" }).visibility).toEqual([{ key: "validation:in" }]);
  });

  it("wants at least one product for a restricted topic, and none for a public one", () => {
    expect(errors({ title: "T", visibility: "restricted" }).product_ids).toEqual([
      { key: "community_admin:restricted_needs_product" },
    ]);
    expect(topicSchema.parse({ title: "T", visibility: "restricted", product_ids: [3, "3", 4] }).product_ids).toEqual([
      3, 4,
    ]);
    expect(errors({ title: "T", visibility: "restricted", product_ids: ["x"] }).product_ids).toBeUndefined();
    expect(errors({ title: "T", visibility: "restricted", product_ids: ["x"] })["product_ids.0"]).toBeDefined();
  });
});

describe("topicFormBody", () => {
  it("reads an unticked box as 0 and each ticked product box as one id", () => {
    expect(topicFormBody({ title: "T", visibility: "restricted", product_5: "1" })).toEqual({
      title: "T",
      description: "",
      allow_students_to_add_posts: 0,
      visibility: "restricted",
      product_ids: ["5"],
    });
    const body = topicFormBody({
      title: "T",
      allow_students_to_add_posts: "1",
      product_5: "1",
      product_6: "1",
      other_7: "1",
    });
    expect(topicSchema.parse(body)).toMatchObject({ allow_students_to_add_posts: 1, product_ids: [5, 6] });
  });
});
