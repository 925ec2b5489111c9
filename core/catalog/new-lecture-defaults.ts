// GET .../sections/{sectionId}/lectures/create: what the "new lecture" form starts with, and the sections
// it may be put in.
import type { Db } from "#platform/db/connection.ts";
import { requireSection } from "./internal/records.ts";
import type { lectureSchema } from "./authoring-schemas.ts";
import type { z } from "zod";
import type { Actor } from "../shared/actor.ts";
import { editablePath, type SectionPath } from "./authorize-authoring.ts";

export type NewLectureDefaults = {
  lecture: z.output<typeof lectureSchema> & { section_id: number };
  sections: { id: number; title: string }[];
};

export async function newLectureDefaults(db: Db, actor: Actor, path: SectionPath): Promise<NewLectureDefaults> {
  const ids = editablePath(actor, path);
  await requireSection(db, ids.courseId, ids.sectionId);
  const sections = await db
    .selectFrom("course_sections")
    .select(["id", "title"])
    .where("course_id", "=", ids.courseId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return {
    lecture: { title: "", duration_minutes: 0, access: "paid", status: "draft", section_id: ids.sectionId },
    sections,
  };
}
