// The product form's body: amounts typed in the page's language become cents, a live event's date and time on the
// school's clock is sent as UTC, only the kind's own fields are sent, and the saved product reads back into the same form.
import { describe, expect, it } from "vitest";
import { productSchema } from "#core/products/schemas.ts";
import { initialProductState, productBody } from "./form-state.ts";

describe("product form state", () => {
  it("sends cents, the kind's own fields, and what the shared schema accepts", () => {
    const state = initialProductState(null, { kind: "live_event", currency: "PLN", vatRate: 23, lang: "pl" });
    state.title = "Webinar";
    state.event_starts_at = "2026-09-01T18:30";
    state.event_link = "https://meet.example.com/abc";
    state.course_ids = [1, 2];
    state.access_mode = "days";
    state.access_days = "30";
    state.variants[0] = { ...state.variants[0]!, price: "49,99", promo_price: "29,50", promo_ends_at: "2026-08-31" };
    const { body, moneyErrors } = productBody(state);
    expect(moneyErrors).toEqual({});
    expect(body).toMatchObject({
      kind: "live_event",
      currency: "PLN",
      promo_limit: -1,
      event_starts_at: "2026-09-01T18:30:00.000Z",
      course_ids: [],
      file_key: null,
      access_days: 30,
      access_ends_at: null,
      variants: [
        { name: "", price_cents: 4_999, promo_price_cents: 2_950, promo_starts_at: null, promo_ends_at: "2026-08-31" },
      ],
    });
    expect(productSchema.parse(body).event_starts_at).toBe("2026-09-01T18:30:00.000Z");
  });

  it("reads a live event's start on the school's clock: 18:00 in Warsaw is 17:00Z in winter, 16:00Z in summer", () => {
    const timeZone = "Europe/Warsaw";
    const defaults = { kind: "live_event" as const, currency: "PLN", vatRate: 23, lang: "pl" as const, timeZone };
    const state = initialProductState(null, defaults);
    state.title = "Webinar";
    state.event_link = "https://meet.example.com/abc";
    state.variants[0] = { ...state.variants[0]!, price: "10" };
    state.event_starts_at = "2026-01-15T18:00";
    expect(productBody(state, timeZone).body.event_starts_at).toBe("2026-01-15T17:00:00.000Z");
    state.event_starts_at = "2026-07-15T18:00";
    const summer = productBody(state, timeZone).body;
    expect(summer.event_starts_at).toBe("2026-07-15T16:00:00.000Z");
    expect(productSchema.parse(summer).event_starts_at).toBe("2026-07-15T16:00:00.000Z");
    // Not a time at all: sent as typed, and the shared schema refuses it.
    state.event_starts_at = "tomorrow";
    expect(productSchema.safeParse(productBody(state, timeZone).body).success).toBe(false);
  });

  it("reports amounts that are not amounts under their variant's field", () => {
    const state = initialProductState(null, { kind: "consultation", currency: "EUR", vatRate: 0, lang: "en" });
    state.variants[0] = { ...state.variants[0]!, price: "", promo_price: "abc" };
    expect(productBody(state).moneyErrors).toEqual({
      "variants.0.price_cents": "products:amount_invalid",
      "variants.0.promo_price_cents": "products:amount_invalid",
    });
  });

  it("reads a saved product back into the form", () => {
    const state = initialProductState(
      {
        id: 7,
        kind: "file",
        title: "E-book",
        slug: "e-book",
        description: "",
        cover_image: null,
        status: "published",
        currency: "EUR",
        vat_rate: 5,
        promo_limit: 10,
        promo_sold: 3,
        access_days: null,
        access_ends_at: "2027-01-31T23:59:59.999Z",
        event_starts_at: null,
        event_link: "",
        file: { key: "products/abc/book.epub", name: "Book.epub", size: 1234 },
        course_ids: [],
        course: null,
        variants: [
          {
            id: 3,
            position: 1,
            name: "",
            price_cents: 1_999,
            promo_price_cents: null,
            promo_starts_at: null,
            promo_ends_at: null,
          },
        ],
        sold: 0,
        has_transactions: false,
        published_at: null,
        created_at: "",
        updated_at: "",
      },
      { kind: "bundle", currency: "PLN", vatRate: 23, lang: "en" },
    );
    expect(state).toMatchObject({
      kind: "file",
      access_mode: "date",
      access_ends_at: "2027-01-31",
      promo_limit: "10",
      vat_rate: "5",
    });
    expect(state.variants[0]).toMatchObject({ id: 3, price: "19.99", promo_price: "" });
    expect(productBody(state).body).toMatchObject({
      file_key: "products/abc/book.epub",
      file_name: "Book.epub",
      access_ends_at: "2027-01-31",
    });
  });
});
