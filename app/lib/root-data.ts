import { useRouteLoaderData } from "react-router";
import type { loader } from "#app/root.tsx";

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The school, the user and the CSRF token, loaded once per page by the root route. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

/** The school's time zone: dates and times on pages are shown in it (UTC before setup). */
export function useTimeZone(): string {
  return useRootData()?.school?.time_zone ?? "UTC";
}
