// How long a purchase gives access, as an editor holds it: no limit, a number of days, or an end date (the saved
// record has access_days and access_ends_at, at most one of them set).
import { day, wholeNumber } from "./form-values.ts";

export const accessModes = ["none", "days", "date"] as const;
export type AccessMode = (typeof accessModes)[number];

export type AccessState = { access_mode: AccessMode; access_days: string; access_ends_at: string };

export function accessState(saved: { access_days: number | null; access_ends_at: string | null }): AccessState {
  return {
    access_mode: saved.access_days ? "days" : saved.access_ends_at ? "date" : "none",
    access_days: saved.access_days ? String(saved.access_days) : "",
    access_ends_at: day(saved.access_ends_at),
  };
}

/** The call's fields: the one the mode uses (left empty: "", for the schema to name), the other null. */
export function accessBody(state: AccessState) {
  return {
    access_days: state.access_mode === "days" ? (wholeNumber(state.access_days) ?? "") : null,
    access_ends_at: state.access_mode === "date" ? state.access_ends_at || "" : null,
  };
}
