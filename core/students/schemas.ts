// Inputs of the students area (/home/students, POST /student, tags, the bulk import), shared by the pages and the
// server. Pure: no I/O. The list's filters come from the page's address: a value that makes no sense is dropped
// (not refused), like the transactions list's. The bulk import takes at most 50 lines (spec §5, §9), each
// `email` or `email, name`; a line's fate (invalid, a repeat of an earlier line) is known before anything runs.
import { z } from "zod";
import { emailField, nameField } from "#core/accounts/schemas.ts";
import { formIdSchema } from "#core/shared/ids.ts";
import { checkboxField, dayField, filterField } from "#core/shared/zod-fields.ts";

export const STUDENTS_PAGE_SIZE = 25;
export const SEARCH_MAX = 200;
export const TAG_NAME_MAX = 40;
/** Spec §5, §9: a bulk import takes at most 50 e-mails, one per line. */
export const IMPORT_MAX_LINES = 50;
export const IMPORT_TEXT_MAX = 20_000;

export const studentSorts = ["joined_desc", "joined_asc", "name_asc", "name_desc"] as const;
export type StudentSort = (typeof studentSorts)[number];

export const studentFiltersSchema = z.object({
  q: z.string().trim().max(SEARCH_MAX).catch("").default(""),
  course_id: filterField(formIdSchema),
  tag_id: filterField(formIdSchema),
  from: filterField(dayField),
  to: filterField(dayField),
  sort: z.enum(studentSorts).catch("joined_desc").default("joined_desc"),
  /** the keyset cursor of the page's first row: the last row of the page before (see list-students.ts) */
  after: filterField(z.string().max(300)),
});

export type StudentFilters = z.output<typeof studentFiltersSchema>;

export function studentFiltersFrom(params: URLSearchParams | Record<string, unknown>): StudentFilters {
  const entries = params instanceof URLSearchParams ? Object.fromEntries(params) : params;
  return studentFiltersSchema.parse(entries);
}

/** The query string of filters and sort (the cursor only when given), for links and the pager. */
export function studentFiltersQuery(filters: StudentFilters, options: { after?: string } = {}): string {
  const params = new URLSearchParams();
  for (const key of ["q", "course_id", "tag_id", "from", "to"] as const) {
    const value = filters[key];
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  if (filters.sort !== "joined_desc") params.set("sort", filters.sort);
  if (options.after) params.set("after", options.after);
  return params.toString();
}

/** Tag ids from a JSON array or a plain form's repeated / comma-separated field. */
const tagIdsField = z.preprocess((value) => {
  if (value === undefined || value === null || value === "") return [];
  if (Array.isArray(value)) return value;
  return String(value).split(",").filter(Boolean);
}, z.array(formIdSchema).max(20));

/** An optional course id: empty is none. */
const optionalCourseField = z.preprocess((value) => (value === "" ? null : value), formIdSchema.nullable().optional());

export const createStudentSchema = z.object({
  name: nameField,
  email: emailField,
  course_id: optionalCourseField,
  tag_ids: tagIdsField.optional(),
});

export type CreateStudentInput = z.input<typeof createStudentSchema>;

export const tagSchema = z.object({
  name: z.string().trim().min(1).max(TAG_NAME_MAX),
  public: checkboxField.default(false),
});

export const studentTagSchema = tagSchema;

export const importSchema = z.object({
  lines: z
    .string()
    .max(IMPORT_TEXT_MAX)
    .refine((text) => importLinesOf(text).length > 0, { message: "validation:required" })
    .refine((text) => importLinesOf(text).length <= IMPORT_MAX_LINES, {
      message: "students:import_too_many",
      params: { max: IMPORT_MAX_LINES },
    }),
  course_id: optionalCourseField,
  tag_ids: tagIdsField.optional(),
});

export type ImportLine = { line: number; text: string };

/** The import's lines that count (blank ones do not), numbered as the admin sees them in the textarea. */
export function importLinesOf(text: string): ImportLine[] {
  return text
    .split(/\r\n|\n|\r/)
    .map((raw, index) => ({ line: index + 1, text: raw.trim() }))
    .filter((line) => line.text !== "");
}

export type ImportOutcome = "invalid" | "duplicate" | "created" | "existing" | "has_access" | "not_student";

export type ImportReportLine = {
  line: number;
  email: string;
  name: string | null;
  /** null: still to run */
  outcome: ImportOutcome | null;
};

const lineEmail = emailField;
const lineName = nameField;

/** Each line's e-mail and name, and the lines refused before anything runs: invalid ones and repeats. */
export function planImport(lines: ImportLine[]): ImportReportLine[] {
  const seen = new Set<string>();
  return lines.map(({ line, text }) => {
    const comma = text.indexOf(",");
    const rawEmail = comma === -1 ? text : text.slice(0, comma);
    const rawName = comma === -1 ? "" : text.slice(comma + 1).trim();
    const email = lineEmail.safeParse(rawEmail);
    const name = rawName === "" ? null : lineName.safeParse(rawName);
    if (!email.success || (name && !name.success)) {
      return { line, email: rawEmail.trim(), name: rawName || null, outcome: "invalid" };
    }
    if (seen.has(email.data)) return { line, email: email.data, name: name?.data ?? null, outcome: "duplicate" };
    seen.add(email.data);
    return { line, email: email.data, name: name?.data ?? null, outcome: null };
  });
}

/** A name for a new student imported without one: the e-mail's local part. */
export function nameFromEmail(email: string): string {
  return email.split("@")[0]!.slice(0, 100) || email;
}

/** What makes a tag rule fire (migration 0041): buying a product, completing a course, leaving a lead on a form. */
export const tagRuleTriggers = ["purchase", "completion", "lead"] as const;

/** A plain form's one select names both as "trigger:id" (e.g. "purchase:12"); the JSON call sends them apart. */
function splitTarget(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return input;
  const fields = input as Record<string, unknown>;
  if (typeof fields.target !== "string" || fields.trigger !== undefined) return input;
  const [trigger, id] = fields.target.split(":");
  return { ...fields, trigger, target_id: id };
}

/** POST /home/students/tags/{tagId}/rules: a trigger and its target (a product, a course or a lead form id). */
export const tagRuleSchema = z.preprocess(
  splitTarget,
  z.object({
    trigger: z.enum(tagRuleTriggers, { error: "students:rule_trigger_invalid" }),
    target_id: formIdSchema,
  }),
);
