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

/** At most this many texts of calls with options are kept per language (they hold names and counts). */
const MAX_INTERPOLATED_TEXTS = 5000;

/** A longer interpolated value (a text, not a name) is not kept: the kept texts stay small. */
const MAX_KEPT_VALUE_LENGTH = 200;

/** The options when each value is a number, a boolean or a short string (a count, a name): the text may be kept. */
function keptOptions(options: unknown): string | undefined {
  if (typeof options !== "object" || options === null || Array.isArray(options)) return undefined;
  for (const value of Object.values(options)) {
    const type = typeof value;
    if (type === "string" ? (value as string).length > MAX_KEPT_VALUE_LENGTH : type !== "number" && type !== "boolean")
      return undefined;
  }
  return JSON.stringify(options);
}

/**
 * The language's t, remembering texts: the catalogs never change while the process runs, and i18next's lookup
 * (key parsing, namespace resolution, fallbacks, interpolation) cost ~15% of a watch page, which asks for the
 * same few hundred keys on every render. A key asked without options is kept for good; one asked with plain
 * options (interpolated values, a count) is kept with them, up to MAX_INTERPOLATED_TEXTS (then they start over).
 * Anything else (a default value that is an object, returnObjects...) goes to i18next each time.
 */
export function translator(lang: Lang): TFunction {
  let t = translators.get(lang);
  if (!t) {
    const lookUp = i18nFor(lang).t as unknown as (...args: unknown[]) => unknown;
    const texts = new Map<string, unknown>();
    const interpolated = new Map<string, unknown>();
    const remembering = (key: unknown, ...rest: unknown[]) => {
      if (typeof key !== "string") return lookUp(key, ...rest);
      if (rest.length === 0) {
        let text = texts.get(key);
        if (text === undefined) texts.set(key, (text = lookUp(key)));
        return text;
      }
      const options = rest.length === 1 ? keptOptions(rest[0]) : undefined;
      if (options === undefined) return lookUp(key, ...rest);
      const memo = `${key}\u0000${options}`;
      let text = interpolated.get(memo);
      if (text === undefined) {
        text = lookUp(key, rest[0]);
        if (interpolated.size >= MAX_INTERPOLATED_TEXTS) interpolated.clear();
        interpolated.set(memo, text);
      }
      return text;
    };
    t = remembering as unknown as TFunction;
    translators.set(lang, t);
  }
  return t;
}
