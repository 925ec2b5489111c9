// Lecture components in the authoring API: markdown, embeds (known players only), quizzes (correct answers
// must exist), and videos / PDFs / files that must point at media stored here; update, delete, reorder.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { addComponent, arrangeCourse, expectCatalogBump, markdown } from "./authoring-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let base: string;
let path: { courseId: number; sectionId: number; lectureId: number };
let otherLecture: { courseId: number; sectionId: number; lectureId: number };

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  const course = await arrangeCourse(admin, {
    title: "Components",
    sections: [{ title: "S", lectures: ["L", "Other"] }],
  });
  const section = course.sections[0]!;
  path = { courseId: course.id, sectionId: section.id, lectureId: section.lectures[0]! };
  otherLecture = { ...path, lectureId: section.lectures[1]! };
  base = `/home/courses/${path.courseId}/sections/${path.sectionId}/lectures/${path.lectureId}/components`;
});
afterAll(() => server?.stop());

const componentsOf = async () =>
  (await admin.json("GET", `/home/courses/${path.courseId}/sections/${path.sectionId}/lectures/${path.lectureId}`)).body
    .components as {
    id: number;
    kind: string;
    data: any;
  }[];

const quiz = {
  questions: [
    { question: "Which are prime?", answers: ["2", "4", "5"], correct: [0, 2], hint: "Divisible by 1 and itself" },
  ],
};

describe("storing components", () => {
  it("stores markdown, embed and quiz components at the end of the lecture", async () => {
    const text = await expectCatalogBump(server, () => admin.post(base, markdown("# Hello")));
    expect(text.status).toBe(200);
    expect(text.body.component).toMatchObject({
      kind: "markdown",
      position: 1,
      data: { markdown: "# Hello" },
      lecture_id: path.lectureId,
    });
    const embed = await admin.post(base, { kind: "embed", data: { url: "https://vimeo.com/123456" } });
    expect(embed.body.component).toMatchObject({ kind: "embed", position: 2 });
    const stored = await admin.post(base, { kind: "quiz", data: quiz });
    expect(stored.status).toBe(200);
    expect(stored.body.component.data).toEqual(quiz);
  });

  it("answers 422 for an unknown kind and for data that does not fit the kind", async () => {
    const kind = await admin.post(base, { kind: "hologram", data: {} });
    expect(kind.status).toBe(422);
    expect(kind.body.errors.kind).toEqual(["Choose one of the options."]);

    const player = await admin.post(base, { kind: "embed", data: { url: "https://example.com/movie" } });
    expect(player.status).toBe(422);
    expect(player.body.errors["data.url"]).toEqual(["Only YouTube and Vimeo links can be embedded."]);
    const http = await admin.post(base, { kind: "embed", data: { url: "http://youtu.be/dQw4w9WgXcQ" } });
    expect(http.body.errors["data.url"]).toEqual(["Enter a valid address."]);

    const badQuiz = await admin.post(base, {
      kind: "quiz",
      data: { questions: [{ question: "?", answers: ["only one"], correct: [3], hint: "" }] },
    });
    expect(badQuiz.status).toBe(422);
    expect(Object.keys(badQuiz.body.errors)).toContain("data.questions.0.answers");
    const noCorrect = await admin.post(base, {
      kind: "quiz",
      data: { questions: [{ question: "?", answers: ["a", "b"], correct: [], hint: "" }] },
    });
    expect(Object.keys(noCorrect.body.errors)).toContain("data.questions.0.correct");

    const noText = await admin.post(base, { kind: "markdown", data: {} });
    expect(noText.body.errors["data.markdown"]).toEqual(["This field is required."]);
  });

  it("accepts videos, PDFs and files only when they were stored here", async () => {
    const unknownVideo = await admin.post(base, { kind: "video", data: { video_id: 4242 } });
    expect(unknownVideo.status).toBe(422);
    const file = { storage_key: "files/notes.pdf", filename: "notes.pdf", size: 1, content_type: "text/html" };
    const notUploaded = await admin.post(base, { kind: "pdf", data: file });
    expect(notUploaded.status).toBe(422);
    expect(notUploaded.body.errors["data.storage_key"]).toEqual(["Upload the file again."]);

    const db = server.handle.db;
    const now = new Date().toISOString();
    await db
      .insertInto("uploads")
      .values({
        storage_key: "files/notes.pdf",
        context: "lecture-pdf",
        user_id: null,
        content_type: "application/pdf",
        size: 2048,
        status: "stored",
        created_at: now,
      })
      .execute();
    const pdf = await admin.post(base, { kind: "pdf", data: file });
    expect(pdf.status).toBe(200);
    // The size and type are the stored file's, not the caller's.
    expect(pdf.body.component.data).toEqual({ ...file, size: 2048, content_type: "application/pdf" });

    const video = await db
      .insertInto("videos")
      .values({
        provider: "local",
        storage_key: "videos/a.mp4",
        external_id: null,
        user_id: null,
        lecture_id: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const stored = await admin.post(base, { kind: "video", data: { video_id: video.id } });
    expect(stored.status).toBe(200);
    // The video now belongs to this lecture (its stream follows the lecture's access): another lecture may not take it.
    expect(
      (await db.selectFrom("videos").select("lecture_id").where("id", "=", video.id).executeTakeFirstOrThrow())
        .lecture_id,
    ).toBe(path.lectureId);
    const otherBase = `/home/courses/${otherLecture.courseId}/sections/${otherLecture.sectionId}/lectures/${otherLecture.lectureId}/components`;
    expect((await admin.post(otherBase, { kind: "video", data: { video_id: video.id } })).status).toBe(422);
  });
});

describe("changing components", () => {
  it("updates the data (checked with the component's kind), deletes, and 404s another lecture's component", async () => {
    const id = await addComponent(admin, path, markdown("Before"));
    const url = `${base}/${id}`;
    const updated = await expectCatalogBump(server, () => admin.json("PUT", url, { data: { markdown: "After" } }));
    expect(updated.status).toBe(200);
    expect(updated.body.component).toMatchObject({ id, kind: "markdown", data: { markdown: "After" } });
    // The kind stays: quiz data is not markdown data.
    const wrong = await admin.json("PUT", url, { kind: "quiz", data: quiz });
    expect(wrong.status).toBe(422);

    const foreign = await addComponent(admin, otherLecture, markdown("Not here"));
    expect((await admin.json("PUT", `${base}/${foreign}`, { data: { markdown: "x" } })).status).toBe(404);
    expect((await admin.json("DELETE", `${base}/${foreign}`)).status).toBe(404);

    expect((await expectCatalogBump(server, () => admin.json("DELETE", url))).status).toBe(200);
    expect((await componentsOf()).some((c) => c.id === id)).toBe(false);
    expect((await admin.json("DELETE", url)).status).toBe(404);
  });

  it("reorders with every component of the lecture once; the order is kept", async () => {
    const current = (await componentsOf()).map((c) => c.id);
    expect(current.length).toBeGreaterThan(2);
    const reversed = [...current].reverse();
    const response = await expectCatalogBump(server, () => admin.post(`${base}/order`, { ids: reversed }));
    expect(response.status).toBe(200);
    expect((await componentsOf()).map((c) => c.id)).toEqual(reversed);
    const refused = await admin.post(`${base}/order`, { ids: reversed.slice(1) });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.ids).toEqual(["The list is out of date. Reload the page and try again."]);
    expect((await componentsOf()).map((c) => c.id)).toEqual(reversed);
  });
});
