// A new school's defaults follow where it sells: a Polish school (Polish, or selling in PLN) starts at 23% VAT in
// Europe/Warsaw, any other at 0% in UTC, until its owner says otherwise.
import { expect, it } from "vitest";
import { defaultTimeZone, defaultVatRate, schoolSettingsSchema } from "./schemas.ts";

it("starts a Polish school in Europe/Warsaw and any other in UTC", () => {
  expect(defaultTimeZone({ language: "pl", currency: "EUR" })).toBe("Europe/Warsaw");
  expect(defaultTimeZone({ language: "en", currency: "PLN" })).toBe("Europe/Warsaw");
  expect(defaultTimeZone({ language: "en", currency: "EUR" })).toBe("UTC");
  expect(defaultVatRate({ language: "en", currency: "EUR" })).toBe(0);
});

it("accepts only a time zone the runtime knows", () => {
  const base = { name: "S", language: "en", currency: "EUR", login_enabled: true, registration_enabled: true };
  expect(schoolSettingsSchema.safeParse({ ...base, time_zone: "Asia/Tokyo" }).success).toBe(true);
  expect(schoolSettingsSchema.safeParse({ ...base, time_zone: "UTC" }).success).toBe(true);
  expect(schoolSettingsSchema.safeParse(base).success).toBe(true);
  const refused = schoolSettingsSchema.safeParse({ ...base, time_zone: "Asia/Atlantis" });
  expect(refused.error?.issues[0]?.message).toBe("validation:time_zone");
});
