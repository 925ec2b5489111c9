// The message catalogs (spec §1: English and Polish): both languages have the same keys (with i18next's
// plural forms: English _one/_other, Polish _one/_few/_many/_other), the same {{placeholders}}, no empty
// texts; every file is registered in platform/i18n/catalogs.ts; every literal key the code uses exists.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { catalogs } from "#platform/i18n/catalogs.ts";

const root = path.resolve(import.meta.dirname, "../..");
const localesDir = path.join(root, "locales");

type Catalog = Record<string, unknown>;
type Flat = Record<string, unknown>;

const pluralForms = { en: ["one", "other"], pl: ["one", "few", "many", "other"] } as const;
const allPluralSuffixes = ["zero", "one", "two", "few", "many", "other"];

/** Nested objects become dotted keys, as i18next reads them (keySeparator "."). */
function flatten(catalog: Catalog, prefix = ""): Flat {
  const flat: Flat = {};
  for (const [key, value] of Object.entries(catalog)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === "object" && !Array.isArray(value))
      Object.assign(flat, flatten(value as Catalog, full));
    else flat[full] = value;
  }
  return flat;
}

function placeholders(text: unknown): string[] {
  if (typeof text !== "string") return [];
  return [...new Set([...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((m) => m[1]!))].sort();
}

/** A key's plural base, when the key is one form of a plural set (the set always has an _other form). */
function pluralBase(key: string, flat: Flat): string | undefined {
  const match = /^(.+)_([a-z]+)$/.exec(key);
  if (!match || !allPluralSuffixes.includes(match[2]!)) return undefined;
  return `${match[1]}_other` in flat ? match[1] : undefined;
}

type Shape = { plain: Set<string>; plurals: Map<string, Set<string>> };

function shapeOf(flat: Flat): Shape {
  const plain = new Set<string>();
  const plurals = new Map<string, Set<string>>();
  for (const key of Object.keys(flat)) {
    const base = pluralBase(key, flat);
    if (base === undefined) plain.add(key);
    else {
      if (!plurals.has(base)) plurals.set(base, new Set());
      plurals.get(base)!.add(key.slice(base.length + 1));
    }
  }
  return { plain, plurals };
}

/** Every difference between the English and the Polish version of one namespace, as readable lines. */
function compareCatalogs(en: Catalog, pl: Catalog, ns = "ns"): string[] {
  const problems: string[] = [];
  const flat = { en: flatten(en), pl: flatten(pl) };
  const shape = { en: shapeOf(flat.en), pl: shapeOf(flat.pl) };

  for (const lang of ["en", "pl"] as const) {
    for (const [key, value] of Object.entries(flat[lang])) {
      if (typeof value !== "string") problems.push(`${lang}/${ns}: ${key} is not a text`);
      else if (value.trim() === "") problems.push(`${lang}/${ns}: ${key} is empty`);
    }
  }

  for (const key of shape.en.plain) {
    if (shape.pl.plain.has(key)) continue;
    if (shape.pl.plurals.has(key)) problems.push(`${ns}: ${key} is plain in English but plural in Polish`);
    else problems.push(`${ns}: ${key} exists in English only`);
  }
  for (const key of shape.pl.plain) {
    if (!shape.en.plain.has(key) && !shape.en.plurals.has(key)) problems.push(`${ns}: ${key} exists in Polish only`);
  }

  for (const lang of ["en", "pl"] as const) {
    const other = lang === "en" ? "pl" : "en";
    for (const base of shape[lang].plurals.keys()) {
      const forms = shape[other].plurals.get(base);
      if (!forms) {
        if (!shape[other].plain.has(base))
          problems.push(`${ns}: plural ${base} exists in ${lang === "en" ? "English" : "Polish"} only`);
        else
          problems.push(
            `${ns}: ${base} is plural in ${lang === "en" ? "English" : "Polish"} but plain in the other language`,
          );
        continue;
      }
    }
  }
  for (const lang of ["en", "pl"] as const) {
    for (const [base, forms] of shape[lang].plurals) {
      for (const form of pluralForms[lang]) {
        if (!forms.has(form)) problems.push(`${lang}/${ns}: ${base} lacks the _${form} form`);
      }
    }
  }

  // Placeholders: the same in both languages, key by key. For plurals, English _one matches Polish _one and
  // English _other the Polish _few/_many/_other; {{count}} may be spelled out in a singular form.
  for (const key of shape.en.plain) {
    if (!shape.pl.plain.has(key)) continue;
    const a = placeholders(flat.en[key]);
    const b = placeholders(flat.pl[key]);
    if (a.join() !== b.join())
      problems.push(`${ns}: ${key} has {{${a.join("}}, {{")}}} in English but {{${b.join("}}, {{")}}} in Polish`);
  }
  for (const [base, forms] of shape.en.plurals) {
    if (!shape.pl.plurals.has(base)) continue;
    const pairs: [string, string][] = [
      ["one", "one"],
      ["other", "few"],
      ["other", "many"],
      ["other", "other"],
    ];
    for (const [enForm, plForm] of pairs) {
      if (!forms.has(enForm) || !shape.pl.plurals.get(base)!.has(plForm)) continue;
      const a = placeholders(flat.en[`${base}_${enForm}`]).filter((p) => p !== "count");
      const b = placeholders(flat.pl[`${base}_${plForm}`]).filter((p) => p !== "count");
      if (a.join() !== b.join())
        problems.push(`${ns}: ${base}_${enForm} (en) and ${base}_${plForm} (pl) have different placeholders`);
    }
  }
  return problems;
}

function readCatalog(lang: string, file: string): Catalog {
  return JSON.parse(fs.readFileSync(path.join(localesDir, lang, file), "utf8")) as Catalog;
}

const files = {
  en: fs
    .readdirSync(path.join(localesDir, "en"))
    .filter((f) => f.endsWith(".json"))
    .sort(),
  pl: fs
    .readdirSync(path.join(localesDir, "pl"))
    .filter((f) => f.endsWith(".json"))
    .sort(),
};

describe("message catalogs", () => {
  it("have the same namespace files in both languages", () => {
    expect(files.pl).toEqual(files.en);
  });

  it("register every namespace file in platform/i18n/catalogs.ts, with that file's content", () => {
    for (const lang of ["en", "pl"] as const) {
      const registered = catalogs[lang] as Record<string, unknown>;
      expect(Object.keys(registered).sort(), lang).toEqual(files[lang].map((f) => f.replace(/\.json$/, "")));
      for (const file of files[lang]) {
        expect(registered[file.replace(/\.json$/, "")], `${lang}/${file}`).toEqual(readCatalog(lang, file));
      }
    }
  });

  for (const file of files.en) {
    const ns = file.replace(/\.json$/, "");
    it(`${ns}: same keys, plural forms and placeholders in English and Polish, no empty texts`, () => {
      const pl = files.pl.includes(file) ? readCatalog("pl", file) : {};
      expect(compareCatalogs(readCatalog("en", file), pl, ns)).toEqual([]);
    });
  }

  it("has the spec's Polish validation messages verbatim (§5)", () => {
    const texts = Object.values(flatten(readCatalog("pl", "validation.json")));
    for (const text of [
      "Podaj poprawny adres e-mail.",
      "Wartości nie są takie same.",
      "Nieprawidłowa data.",
      "Podana nazwa jest zajęta.",
      "Treść nie może mieć więcej niż {{max}} znaków.",
      "Wartość minimalna: {{min}}.",
      "Minimum znaków: {{min}}.",
    ]) {
      expect(texts).toContain(text);
    }
    const pl = readCatalog("pl", "validation.json");
    expect(pl.email).toBe("Podaj poprawny adres e-mail.");
    expect(pl.confirmed).toBe("Wartości nie są takie same.");
    expect(pl.date).toBe("Nieprawidłowa data.");
    expect(pl.unique).toBe("Podana nazwa jest zajęta.");
    expect(pl.string_max).toBe("Treść nie może mieć więcej niż {{max}} znaków.");
    expect(pl.number_min).toBe("Wartość minimalna: {{min}}.");
    expect(pl.string_min).toBe("Minimum znaków: {{min}}.");
  });
});

describe("the catalog comparison itself", () => {
  it("accepts matching catalogs with English and Polish plural sets", () => {
    const en = { a: "Hi {{name}}", n_one: "{{count}} file", n_other: "{{count}} files", deep: { x: "X" } };
    const pl = {
      a: "Cześć {{name}}",
      n_one: "{{count}} plik",
      n_few: "{{count}} pliki",
      n_many: "{{count}} plików",
      n_other: "{{count}} pliku",
      deep: { x: "X" },
    };
    expect(compareCatalogs(en, pl)).toEqual([]);
  });

  it("reports a key that exists in one language only", () => {
    expect(compareCatalogs({ a: "A", b: "B" }, { a: "A" })).toEqual(["ns: b exists in English only"]);
    expect(compareCatalogs({ a: "A" }, { a: "A", c: "C" })).toEqual(["ns: c exists in Polish only"]);
    expect(compareCatalogs({ d: { x: "X" } }, { d: { y: "Y" } })).toHaveLength(2);
  });

  it("reports different placeholders", () => {
    expect(compareCatalogs({ a: "Hi {{name}}" }, { a: "Cześć {{imie}}" })).toHaveLength(1);
    expect(compareCatalogs({ a: "Hi {{name}}" }, { a: "Cześć" })).toHaveLength(1);
    expect(
      compareCatalogs(
        { n_one: "1 {{x}}", n_other: "{{count}} {{x}}" },
        { n_one: "1 {{x}}", n_few: "{{count}}", n_many: "{{count}} {{x}}", n_other: "{{count}} {{x}}" },
      ),
    ).toEqual(["ns: n_other (en) and n_few (pl) have different placeholders"]);
  });

  it("reports missing plural forms in either direction", () => {
    expect(compareCatalogs({ n_one: "1", n_other: "n" }, { n_one: "1", n_other: "n" })).toEqual([
      "pl/ns: n lacks the _few form",
      "pl/ns: n lacks the _many form",
    ]);
    expect(compareCatalogs({ n_other: "n" }, { n_one: "1", n_few: "n", n_many: "n", n_other: "n" })).toEqual([
      "en/ns: n lacks the _one form",
    ]);
    expect(compareCatalogs({ n: "n" }, { n_one: "1", n_few: "n", n_many: "n", n_other: "n" })).toEqual([
      "ns: n is plain in English but plural in Polish",
      "ns: n is plural in Polish but plain in the other language",
    ]);
  });

  it("reports empty texts", () => {
    expect(compareCatalogs({ a: "" }, { a: " " })).toEqual(["en/ns: a is empty", "pl/ns: a is empty"]);
  });
});

// --- every literal key used by the code exists in the English catalog ---------------------------------

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && !entry.name.startsWith(".") && !entry.name.startsWith("+"))
        out.push(...sourceFiles(full));
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
      out.push(full);
  }
  return out;
}

const keyPatterns = [
  // t("ns:key") or t('ns:key'), also t("key") for the common namespace
  /\bt\(\s*(["'])([A-Za-z0-9_.:-]+)\1/g,
  // messageKey: "ns:key" (AppError) and key: "ns:key" (field errors)
  /\b(?:messageKey|key)\s*:\s*(["'])([a-z_]+:[A-Za-z0-9_.-]+)\1/g,
];

// Shared fields take their editor's namespace as a prop typed as a union (`texts: "products" | "authoring"`) and
// call t(`${texts}:key`): such a key must exist in every namespace of the union.
const namespacePropPattern = /\btexts\??\s*:\s*((?:"[a-z_]+"\s*\|?\s*)+)[;,]/;
const namespacedKeyPattern = /\bt\(\s*`\$\{texts\}:([A-Za-z0-9_.-]+)`/g;

function keysUsedIn(source: string): string[] {
  const keys = new Set<string>();
  for (const pattern of keyPatterns) for (const m of source.matchAll(pattern)) keys.add(m[2]!);
  const union = namespacePropPattern.exec(source)?.[1];
  const namespaces = union ? [...union.matchAll(/"([a-z_]+)"/g)].map((m) => m[1]!) : [];
  for (const m of source.matchAll(namespacedKeyPattern)) {
    if (namespaces.length === 0) keys.add(`(no namespace union for \${texts}):${m[1]}`);
    for (const ns of namespaces) keys.add(`${ns}:${m[1]}`);
  }
  return [...keys];
}

function existsInEnglish(fullKey: string): boolean {
  const [ns, key] = fullKey.includes(":") ? (fullKey.split(/:(.*)/s) as [string, string]) : ["common", fullKey];
  const catalog = (catalogs.en as Record<string, Catalog>)[ns];
  if (!catalog) return false;
  const flat = flatten(catalog);
  // t("x", { count }) reads x_one / x_other
  return typeof flat[key] === "string" || typeof flat[`${key}_other`] === "string";
}

describe("translation keys used in the code", () => {
  it("finds the key literals it is meant to find", () => {
    expect(
      keysUsedIn(
        `t("admin:area"); t('close'); new AppError("x", { messageKey: "setup:done" }); ({ key: "validation:required" }); format(t("a:b", { n }))`,
      ).sort(),
    ).toEqual(["a:b", "admin:area", "close", "setup:done", "validation:required"].sort());
    expect(keysUsedIn(`const at = list.at(-1); split("t"); ({ key: "plain" })`)).toEqual([]);
    expect(
      keysUsedIn(
        'function F({ texts }: { texts: "products" | "authoring"; n: number }) { t(`${texts}:vat_rate`); }',
      ).sort(),
    ).toEqual(["authoring:vat_rate", "products:vat_rate"]);
  });

  it("are looked up the way i18next reads them", () => {
    expect(existsInEnglish("admin:area")).toBe(true);
    expect(existsInEnglish("close")).toBe(true); // common namespace, no prefix
    expect(existsInEnglish("admin:failed_jobs_alert")).toBe(true); // plural: _one/_other
    expect(existsInEnglish("admin:aera")).toBe(false);
    expect(existsInEnglish("admni:area")).toBe(false);
    expect(existsInEnglish("clsoe")).toBe(false);
  });

  it("all exist in the English catalog (catches typos)", () => {
    const missing: string[] = [];
    for (const dir of ["app", "core", "server"]) {
      for (const file of sourceFiles(path.join(root, dir))) {
        for (const key of keysUsedIn(fs.readFileSync(file, "utf8"))) {
          if (!existsInEnglish(key)) missing.push(`${path.relative(root, file)}: ${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
