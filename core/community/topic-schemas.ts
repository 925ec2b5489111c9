// The admin's topic form (issue 14, item 1): a title of 1-120 characters, an optional description of at most
// 1000, whether students may write posts (0/1), public or restricted, and the products whose owners may read a
// restricted topic. Shared by the React form (checked before sending) and the JSON API (checked again). A
// restricted topic needs at least one product: without a key nobody but the admins could ever open it, which is
// what deleting (or not yet creating) a topic is for. Pure: no I/O, importable by the browser.
import { z } from "zod";
import { formIdSchema } from "#core/shared/ids.ts";

export const TOPIC_TITLE_MAX = 120;
export const TOPIC_DESCRIPTION_MAX = 1000;
/** More keys than any school's catalogue needs; a bound so a request cannot grow without limit. */
export const TOPIC_PRODUCTS_MAX = 200;

export const topicVisibilities = ["public", "restricted"] as const;
export type TopicVisibility = (typeof topicVisibilities)[number];

const trimmedText = (value: unknown): unknown =>
  value === undefined || value === null ? "" : typeof value === "string" ? value.trim() : value;

/** 0/1, also true/false and a checkbox's "on"/"1"/"0"; missing means the default (students may post). */
const zeroOrOne = z.preprocess(
  (value) => {
    if (value === undefined) return 1;
    if (value === true || value === "on" || value === "1" || value === "true") return 1;
    if (value === false || value === "0" || value === "false" || value === "") return 0;
    return value;
  },
  z.union([z.literal(0), z.literal(1)]),
);

export const topicSchema = z
  .object({
    title: z.preprocess(
      trimmedText,
      z
        .string()
        .refine((title) => title.length >= 1, {
          message: "community_admin:title_required",
          params: { max: TOPIC_TITLE_MAX },
        })
        .refine((title) => title.length <= TOPIC_TITLE_MAX, {
          message: "community_admin:title_too_long",
          params: { max: TOPIC_TITLE_MAX },
        }),
    ),
    description: z.preprocess(
      trimmedText,
      z.string().refine((text) => text.length <= TOPIC_DESCRIPTION_MAX, {
        message: "community_admin:description_too_long",
        params: { max: TOPIC_DESCRIPTION_MAX },
      }),
    ),
    allow_students_to_add_posts: zeroOrOne,
    visibility: z.preprocess(
      (value) => (value === undefined || value === "" ? "public" : value),
      z.enum(topicVisibilities),
    ),
    product_ids: z.preprocess(
      (value) => (value === undefined || value === null ? [] : value),
      z
        .array(formIdSchema)
        .max(TOPIC_PRODUCTS_MAX)
        .transform((ids) => [...new Set(ids)]),
    ),
  })
  .superRefine((topic, ctx) => {
    if (topic.visibility === "restricted" && topic.product_ids.length === 0) {
      ctx.addIssue({ code: "custom", path: ["product_ids"], message: "community_admin:restricted_needs_product" });
    }
  });

export type TopicInput = z.input<typeof topicSchema>;
export type TopicFields = z.output<typeof topicSchema>;

/** The form's checkbox of one product: the pages' form bodies keep one value per name, so each box has its own. */
export const productFieldName = (productId: number) => `product_${productId}`;
const PRODUCT_FIELD = /^product_(\d{1,10})$/;

/**
 * The form's fields -> the body of POST/PUT /home/community. An unticked checkbox is not sent (students may not
 * post); each ticked product box (product_<id>) is one key. Both the page's script and the server use it.
 */
export function topicFormBody(fields: Record<string, unknown>): TopicInput {
  const text = (value: unknown) => (typeof value === "string" ? value : value == null ? "" : String(value));
  const productIds = Object.keys(fields)
    .map((name) => PRODUCT_FIELD.exec(name)?.[1])
    .filter((id): id is string => id !== undefined);
  return {
    title: text(fields.title),
    description: text(fields.description),
    allow_students_to_add_posts:
      fields.allow_students_to_add_posts === undefined ? 0 : text(fields.allow_students_to_add_posts),
    visibility: text(fields.visibility) || "public",
    product_ids: productIds,
  } as TopicInput;
}

/** Moving one topic up or down the list (the buttons of /home/community, plain forms too). */
export const moveSchema = z.object({ direction: z.enum(["up", "down"]) });

/** A new order of every topic (POST /home/community/order {ids}, the drag of the list). */
export const topicOrderSchema = z.object({
  ids: z
    .array(formIdSchema)
    .max(10_000)
    .refine((ids) => new Set(ids).size === ids.length, "community_admin:order_mismatch"),
});
