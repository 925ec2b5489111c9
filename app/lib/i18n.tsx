// The page's language comes from the school (root loader). The same per-language i18next instances serve
// the server render and the browser, so both print the same text. Components take the language's remembering
// t (platform/i18n/index.ts) from a plain context: react-i18next's useTranslation, per component and render,
// was a visible part of a page's cost (its namespace and readiness checks), and the language never changes
// within a page.
import { createContext, type ReactNode, useContext } from "react";
import { I18nextProvider } from "react-i18next";
import { i18nFor, type Lang, translator } from "#platform/i18n/index.ts";

const TranslatorContext = createContext(translator("en"));

export function I18nProvider({ lang, children }: { lang: Lang; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18nFor(lang)}>
      <TranslatorContext.Provider value={translator(lang)}>{children}</TranslatorContext.Provider>
    </I18nextProvider>
  );
}

export function useT() {
  return useContext(TranslatorContext);
}
