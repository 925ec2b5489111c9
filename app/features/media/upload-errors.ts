// What an upload widget says when something fails (spec §8 "Image upload"): 'Bad file extension' before
// anything is sent, 'Your session has expired - please reload' on 419, the server's own words for a file it
// refused (too big, not what its name says), 'Something went wrong' for anything else.
import { ApiError } from "#app/lib/api.ts";
import type { useT } from "#app/lib/i18n.tsx";

type TFunction = ReturnType<typeof useT>;

/** The widgets show every failure themselves: the api wrapper neither toasts nor redirects to /login. */
export const uploadCallOptions = { handled: [419], silent: true };

export function uploadErrorMessage(t: TFunction, status: number, serverMessage?: string | null): string {
  if (status === 419) return t("media:session_expired");
  if ((status === 413 || status === 422) && serverMessage) return serverMessage;
  return t("media:something_went_wrong");
}

export function messageOfApiError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) return uploadErrorMessage(t, error.status, error.message);
  return t("media:something_went_wrong");
}

/** A file's size for people, in the page's language ("820 B", "14 kB", "2.4 MB"). */
export function formatBytes(bytes: number, lang: string): string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(lang === "pl" ? "pl-PL" : "en-GB", {
    style: "unit",
    unit: units[unit],
    unitDisplay: "short",
    maximumFractionDigits: unit === 0 || value >= 10 ? 0 : 1,
  }).format(value);
}
