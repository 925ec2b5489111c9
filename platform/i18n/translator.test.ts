// translator(lang) remembers texts (platform/i18n/index.ts): it must answer exactly what i18next answers, for a
// plain key, interpolated values and plural counts, in both languages, however often it is asked.
import { describe, expect, it } from "vitest";
import { i18nFor, translator } from "./index.ts";

describe("translator", () => {
  it("answers what i18next answers, the first time and again", () => {
    for (const lang of ["en", "pl"] as const) {
      const t = translator(lang);
      const direct = i18nFor(lang).t;
      for (let round = 0; round < 2; round++) {
        expect(t("footer", { school: "Akademia" })).toBe(direct("footer", { school: "Akademia" }));
        expect(t("footer", { school: "Other" })).toBe(direct("footer", { school: "Other" }));
        expect(t("admin:failed_jobs_alert", { count: 1 })).toBe(direct("admin:failed_jobs_alert", { count: 1 }));
        expect(t("admin:failed_jobs_alert", { count: 5 })).toBe(direct("admin:failed_jobs_alert", { count: 5 }));
        expect(t("admin:failed_jobs_alert", { count: 1 })).not.toBe(t("admin:failed_jobs_alert", { count: 5 }));
        expect(t("footer")).toBe(direct("footer"));
      }
      expect(t("footer", { school: "Akademia" })).toContain("Akademia");
    }
  });

  it("keeps the languages apart and passes other calls through", () => {
    expect(translator("en")("admin:failed_jobs_alert", { count: 2 })).not.toBe(
      translator("pl")("admin:failed_jobs_alert", { count: 2 }),
    );
    expect(translator("en")("no_such_key", { defaultValue: "Fallback" })).toBe("Fallback");
    expect(translator("en")("footer", { school: { toString: () => "Object school" } })).toContain("Object school");
    const long = "A".repeat(300);
    expect(translator("en")("footer", { school: long })).toBe(i18nFor("en").t("footer", { school: long }));
  });
});
