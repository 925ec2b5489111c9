// One initialised i18next instance per language, created once and reused by every request: a per-request
// instance costs ~13% of a page render. Catalogs live in locales/{en,pl}/*.json, one file per namespace;
// keys are used as "namespace:key" or, in the common namespace, plain "key".
import i18next, { type i18n, type TFunction } from "i18next";
import { catalogs, languages, namespaces, type Lang } from "./catalogs.ts";

export { languages, namespaces, type Lang };

const instances = new Map<Lang, i18n>();

export function i18nFor(lang: Lang): i18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: lang,
      fallbackLng: "en",
      supportedLngs: [...languages],
      ns: [...namespaces],
      defaultNS: "common",
      resources: catalogs,
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    instances.set(lang, instance);
  }
  return instance;
}

export function translator(lang: Lang): TFunction {
  return i18nFor(lang).t;
}

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}
