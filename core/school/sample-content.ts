import type { Db } from "#platform/db/connection.ts";

/** Sample course, sections, lectures and a sample student, in the school's language. */
export async function addSampleContent(_db: Db, _options: { language: "en" | "pl"; currency: string }): Promise<void> {}
