// The page's language comes from the school (root loader). The same per-language i18next instances serve
// the server render and the browser, so both print the same text.
import type { ReactNode } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { i18nFor, type Lang } from "#platform/i18n/index.ts";

export function I18nProvider({ lang, children }: { lang: Lang; children: ReactNode }) {
  return <I18nextProvider i18n={i18nFor(lang)}>{children}</I18nextProvider>;
}

export function useT() {
  return useTranslation().t;
}
