// Arranging courses through the authoring API, as the editor does, for the authoring-*.test.ts files.
import { expect } from "vitest";
import type { BrowserClient } from "../helpers/browser-client.ts";
import type { TestServer } from "../helpers/test-server.ts";

export type ArrangedCourse = {
  id: number;
  slug: string;
  sections: { id: number; lectures: number[] }[];
};

async function ok<T = any>(promise: Promise<{ status: number; body: T }>): Promise<T> {
  const response = await promise;
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** A course with sections and lectures (titles as given), created through the API. */
export async function arrangeCourse(
  admin: BrowserClient,
  course: { title: string; sections?: { title: string; lectures?: string[] }[]; [field: string]: unknown },
): Promise<ArrangedCourse> {
  const { sections = [], ...fields } = course;
  const created = (await ok(admin.post("/home/courses", fields))).course;
  const arranged: ArrangedCourse = { id: created.id, slug: created.slug, sections: [] };
  for (const section of sections) {
    const { section: s } = await ok(admin.post(`/home/courses/${created.id}/sections`, { title: section.title }));
    const lectures: number[] = [];
    for (const title of section.lectures ?? []) {
      const { lecture } = await ok(admin.post(`/home/courses/${created.id}/sections/${s.id}/lectures`, { title }));
      lectures.push(lecture.id);
    }
    arranged.sections.push({ id: s.id, lectures });
  }
  return arranged;
}

export async function addComponent(
  admin: BrowserClient,
  path: { courseId: number; sectionId: number; lectureId: number },
  component: { kind: string; data: unknown },
): Promise<number> {
  const body = await ok(
    admin.post(
      `/home/courses/${path.courseId}/sections/${path.sectionId}/lectures/${path.lectureId}/components`,
      component,
    ),
  );
  return body.component.id;
}

export const markdown = (text: string) => ({ kind: "markdown", data: { markdown: text } });

export async function catalogVersion(server: TestServer): Promise<number> {
  const row = await server.handle.db
    .selectFrom("cache_versions")
    .select("version")
    .where("name", "=", "catalog")
    .executeTakeFirst();
  return row?.version ?? 0;
}

/** Runs a change and checks that it moved the catalog's cache version. */
export async function expectCatalogBump<T>(server: TestServer, change: () => Promise<T>): Promise<T> {
  const before = await catalogVersion(server);
  const result = await change();
  expect(await catalogVersion(server)).toBeGreaterThan(before);
  return result;
}
