// The card form as the server renders it (no DOM setup in this repository: react-dom/server is enough to check
// what a page sends): accessible labels in both languages, §9's 12 month and 12 year options from the clock,
// no form names on the card's own inputs (the card is never posted to our server), only the cypher's.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "#app/lib/i18n.tsx";
import { cardKeyPairFromPem, generateCardKeyPem } from "#core/memberships/card/card-key-pair.ts";
import { CardForm } from "./card-form.tsx";

const keys = cardKeyPairFromPem(generateCardKeyPem());

function render(lang: "en" | "pl", props: Partial<Parameters<typeof CardForm>[0]> = {}) {
  const form = createElement(CardForm, {
    publicKeyBase64: keys.publicKeyBase64,
    now: new Date("2026-11-27T09:00:00Z"),
    ...props,
  });
  return renderToStaticMarkup(createElement(I18nProvider, { lang, children: form }));
}

const labelled = (html: string, text: string) => {
  const label = new RegExp(`<label for="([^"]+)"[^>]*>${text}</label>`).exec(html);
  return label ? new RegExp(`id="${label[1]!.replace(/[^\w-]/g, "\\$&")}"`).test(html) : false;
};

describe("the card form's markup", () => {
  it("labels every control in English", () => {
    const html = render("en");
    expect(html).toContain("Payment information");
    expect(labelled(html, "Card number")).toBe(true);
    expect(labelled(html, "Month")).toBe(true);
    expect(labelled(html, "Year")).toBe(true);
    expect(labelled(html, "Security code \\(CVV\\)")).toBe(true);
    expect(html).toContain("<legend");
    expect(html).toContain("Expiration date (MM/YY)");
  });

  it("labels every control in Polish", () => {
    const html = render("pl");
    expect(html).toContain("Dane płatności");
    expect(labelled(html, "Numer karty")).toBe(true);
    expect(labelled(html, "Miesiąc")).toBe(true);
    expect(labelled(html, "Rok")).toBe(true);
    expect(html).toContain("Data ważności (MM/RR)");
  });

  it("offers 12 months and 12 years from the clock's year, shown as YY", () => {
    const html = render("en");
    const months = [...html.matchAll(/<option value="(0[1-9]|1[0-2])">/g)].map((m) => m[1]);
    expect(months).toEqual(["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"]);
    const years = [...html.matchAll(/<option value="(20\d\d)">(\d\d)<\/option>/g)];
    expect(years.map((m) => m[1])).toEqual(Array.from({ length: 12 }, (_, i) => String(2026 + i)));
    expect(years[0]![2]).toBe("26");
  });

  it("names only the cypher for the form post: the card's inputs carry no name", () => {
    const html = render("en");
    expect([...html.matchAll(/ name="([^"]+)"/g)].map((m) => m[1])).toEqual(["cypher"]);
    // the browser's autofill knows the card fields (HTML attribute names are case-insensitive)
    expect(html).toMatch(/autocomplete="cc-number"/i);
    expect(html).toMatch(/autocomplete="cc-csc"/i);
  });

  it("shows the server's message as an alert", () => {
    expect(render("en", { serverError: "Card data is not valid" })).toMatch(
      /<div role="alert"[^>]*>Card data is not valid<\/div>/,
    );
  });

  it("shows the errors of every empty field once submitted", () => {
    const html = render("en", { submitted: true });
    expect(html).toContain("Enter a valid card number.");
    expect(html).toContain("Choose an expiration date that has not passed.");
    expect(html).toContain("Enter the 3-digit security code.");
    expect(html).toMatch(/aria-invalid="true"/);
  });
});
