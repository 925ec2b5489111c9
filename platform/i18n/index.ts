// One initialised i18next instance per language, created once and reused by every request: a per-request
// instance costs ~13% of a page render. Catalogs live in locales/{en,pl}/*.json, one file per namespace;
// keys are used as "namespace:key" or, in the common namespace, plain "key".
import i18next, { type i18n, type TFunction } from "i18next";
import { catalogs, languages, namespaces, type Lang } from "./catalogs.ts";

export { languages, namespaces, type Lang };

const instances = new Map<Lang, i18n>();
const translators = new Map<Lang, TFunction>();

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

/**
 * The language's t, remembering the text of each key asked without options: the catalogs never change while the
 * process runs, and i18next's lookup (key parsing, namespace resolution, fallbacks) cost ~15% of a watch page,
 * which asks for the same few hundred keys on every render. Calls with options (interpolation, count, a default
 * value) go to i18next each time.
 */
export function translator(lang: Lang): TFunction {
  let t = translators.get(lang);
  if (!t) {
    const lookUp = i18nFor(lang).t as unknown as (...args: unknown[]) => unknown;
    const texts = new Map<string, unknown>();
    const remembering = (key: unknown, ...rest: unknown[]) => {
      if (rest.length > 0 || typeof key !== "string") return lookUp(key, ...rest);
      let text = texts.get(key);
      if (text === undefined) texts.set(key, (text = lookUp(key)));
      return text;
    };
    t = remembering as unknown as TFunction;
    translators.set(lang, t);
  }
  return t;
}

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}
