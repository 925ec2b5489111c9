import { randomBytes } from "node:crypto";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#platform/db/connection.ts";
import type { Language, User } from "#platform/db/schema.ts";
import { readCacheVersion } from "#platform/cache/versions.ts";
import { sampleMedia } from "#platform/sample-files/sample-media.ts";
import { createDiskStorage } from "#integrations/storage/disk.ts";
import type { Storage } from "#core/ports/storage.ts";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { createUser } from "../accounts/create-user.ts";
import { verifyPassword } from "../accounts/passwords.ts";
import { componentDataByKind, componentKinds, embedUrl, type ComponentKind } from "../catalog/component-data.ts";
import { listPublishedCourses } from "../catalog/list-published-courses.ts";
import { courseSearchText } from "../catalog/search-text.ts";
import { COMMENT_MAX, COMMENT_MIN } from "../discussion/schemas.ts";
import { hasCourseAccess } from "../learning/course-access.ts";
import { detectVideoContentType, readRasterInfo } from "../media/file-signature.ts";
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE, MAX_LECTURE_FILE_BYTES } from "../media/limits.ts";
import { keyOwner } from "../media/storage-keys.ts";
import { createUploadInspector, type UploadPolicy } from "../media/upload-inspector.ts";
import { topicIdsWithKey } from "../community/topic-access.ts";
import { articleSchema } from "../articles/schemas.ts";
import { listPublishedArticles } from "../articles/list-published-articles.ts";
import { addSampleContent, SAMPLE_STUDENT_EMAIL, type SampleContent, type SampleMedia } from "./sample-content.ts";
import { SAMPLE_DRIP_DAYS } from "./sample-texts.ts";
import { setupSchool } from "./setup-school.ts";

let database: UnitDatabase;
let db: Db;
let storage: Storage;
let owner: User;
let firstPassword = "";

beforeAll(async () => {
  database = await createUnitDatabase();
  db = database.handle.db;
  storage = createDiskStorage({ root: path.join(database.dir, "files"), secret: randomBytes(32) });
  owner = await createUser(db, {
    name: "Olga Owner",
    email: "owner@example.com",
    password: "owner-secret",
    role: "admin",
  });
});
afterAll(() => database?.drop());

async function read(key: string): Promise<Buffer> {
  const stream = await storage.get(key);
  if (!stream) throw new Error(`nothing stored under ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The checks an upload of the same file through the signed PUT would pass (magic bytes, pixel size, caps). */
async function passesUploadChecks(bytes: Buffer, policy: UploadPolicy): Promise<void> {
  const inspector = createUploadInspector(policy);
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  await pipeline(Readable.from([bytes]), inspector.stream, sink);
}

async function clearSample() {
  for (const table of [
    "articles",
    "surveys",
    "exams",
    "membership_plans",
    "votes",
    "community_topics",
    "reviews",
    "replies",
    "comments",
    "course_access",
    "lecture_components",
    "videos",
    "lectures",
    "course_sections",
    "course_price_changes",
    "courses",
    "uploads",
  ] as const) {
    await db.deleteFrom(table).execute();
  }
}

async function loadSample() {
  const course = await db.selectFrom("courses").selectAll().executeTakeFirstOrThrow();
  const lectures = await db
    .selectFrom("lectures")
    .innerJoin("course_sections", "course_sections.id", "lectures.section_id")
    .where("course_sections.course_id", "=", course.id)
    .select(["lectures.id", "lectures.title", "lectures.access", "lectures.body"])
    .orderBy("course_sections.position")
    .orderBy("lectures.position")
    .execute();
  const components = await db
    .selectFrom("lecture_components")
    .select(["id", "lecture_id", "kind", "position", "data"])
    .where(
      "lecture_id",
      "in",
      lectures.map((l) => l.id),
    )
    .orderBy("lecture_id")
    .orderBy("position")
    .execute();
  const parsed = components.map((row) => {
    const kind = row.kind as ComponentKind;
    // Every component's data is what its kind's schema accepts (what the watch page renders).
    return { ...row, kind, data: componentDataByKind[kind].parse(JSON.parse(row.data)) as Record<string, any> };
  });
  return { course, lectures, components: parsed };
}

async function add(language: Language, currency: string): Promise<SampleContent> {
  return addSampleContent(db, {
    language,
    currency,
    owner: { id: owner.id, name: owner.name },
    files: storage,
    media: sampleMedia,
  });
}

// A whole sample (the course's files, the community's pictures, a password hashed at OWASP's cost) takes seconds
// on a busy two-core machine: the tests that make one have 30 s.
describe("addSampleContent", () => {
  it("adds a published course in the school's language and currency, and a student with a random password", async () => {
    await clearSample();
    const english = await add("en", "GBP");
    const [course] = await listPublishedCourses(db);
    expect(course).toMatchObject({
      title: "Digital Photography Basics",
      currency: "GBP",
      price_cents: 19900,
      section_count: 2,
    });
    expect(course!.lecture_count).toBeGreaterThanOrEqual(5);
    expect(english.course).toMatchObject({ title: course!.title, sections: 2, lectures: course!.lecture_count });

    const student = await db
      .selectFrom("users")
      .where("email", "=", english.student.email)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(student.role).toBe("student");
    expect(student.email).toBe(SAMPLE_STUDENT_EMAIL);
    expect(await verifyPassword(english.student.password, student.password_hash)).toBe(true);
    firstPassword = english.student.password;
  }, 30_000);

  it("keeps the course's search text, price history, author and the catalog's cache version as the editor does", async () => {
    const { course } = await loadSample();
    expect(course.search_text).toBe(courseSearchText(course));
    expect(course.published_at).not.toBeNull();
    expect(course.author_name).toBe("Olga Owner");
    expect(course.author_bio.length).toBeGreaterThan(20);
    expect(course.seo_description.length).toBeLessThanOrEqual(150);
    const prices = await db.selectFrom("course_price_changes").selectAll().where("course_id", "=", course.id).execute();
    expect(prices).toEqual([
      expect.objectContaining({
        price_cents: 19900,
        promo_price_cents: null,
        promo_starts_at: null,
        promo_ends_at: null,
      }),
    ]);
    expect(await readCacheVersion(db, "catalog")).toBeGreaterThan(0);
  });

  it("gives the course a stored, public PNG cover that passes the image upload's checks", async () => {
    const { course } = await loadSample();
    const key = course.cover_image!;
    expect(keyOwner(key)).toEqual({ kind: "image" });
    const upload = await db.selectFrom("uploads").selectAll().where("storage_key", "=", key).executeTakeFirstOrThrow();
    expect(upload).toMatchObject({
      status: "stored",
      content_type: "image/png",
      context: "course-cover",
      user_id: owner.id,
    });
    const bytes = await read(key);
    expect(upload.size).toBe(bytes.length);
    expect(await storage.head(key)).toEqual({ size: bytes.length, contentType: "image/png" });
    expect(readRasterInfo(bytes)).toEqual({ type: "png", width: 1280, height: 720 });
    await passesUploadChecks(bytes, {
      kind: "image",
      contentType: "image/png",
      maxBytes: MAX_IMAGE_BYTES,
      maxSide: MAX_IMAGE_SIDE,
    });
  });

  it("gives the lectures components of every kind, each valid for its kind, with a markdown lesson in every lecture", async () => {
    const { lectures, components } = await loadSample();
    expect(new Set(components.map((c) => c.kind))).toEqual(new Set(componentKinds));
    for (const lecture of lectures) {
      const own = components.filter((c) => c.lecture_id === lecture.id);
      expect(own[0]?.kind, lecture.title).toBe("markdown");
      expect(own[0]!.data.markdown).toMatch(/^## /);
      expect(own.map((c) => c.position)).toEqual(own.map((_, index) => index + 1));
      // The lesson is a component, as in a lecture made in the editor, so the watch page shows it once.
      expect(lecture.body).toBe("");
    }
    const embed = components.find((c) => c.kind === "embed")!;
    expect(embedUrl(embed.data.url)).toBe("https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ");
  });

  it("adds a quiz of two questions with hints, one of them with two correct answers", async () => {
    const { components } = await loadSample();
    const quiz = components.find((c) => c.kind === "quiz")!;
    const questions = quiz.data.questions as { answers: string[]; correct: number[]; hint: string }[];
    expect(questions).toHaveLength(2);
    for (const question of questions) expect(question.hint.length).toBeGreaterThan(10);
    expect(questions.map((q) => q.correct.length).sort()).toEqual([1, 2]);
  });

  it("stores the PDF and the download under the lecture (read by its access), as uploads that passed their checks", async () => {
    const { lectures, components } = await loadSample();
    for (const kind of ["pdf", "file"] as const) {
      const component = components.find((c) => c.kind === kind)!;
      const key = component.data.storage_key as string;
      expect(keyOwner(key)).toEqual({ kind: "lecture", lectureId: component.lecture_id });
      const upload = await db
        .selectFrom("uploads")
        .selectAll()
        .where("storage_key", "=", key)
        .executeTakeFirstOrThrow();
      const bytes = await read(key);
      expect(upload).toMatchObject({
        status: "stored",
        context: kind === "pdf" ? "lecture-pdf" : "lecture-file",
        content_type: component.data.content_type,
        size: bytes.length,
      });
      expect(component.data.size).toBe(bytes.length);
      await passesUploadChecks(bytes, { kind: kind === "pdf" ? "pdf" : "any", maxBytes: MAX_LECTURE_FILE_BYTES });
    }
    const pdf = components.find((c) => c.kind === "pdf")!;
    const lecture = lectures.find((l) => l.id === pdf.lecture_id)!;
    expect(lecture.access).toBe("paid");
    const text = (await read(pdf.data.storage_key)).toString("latin1");
    expect(text.startsWith("%PDF-1.4")).toBe(true);
    // The page is titled with the lesson's title.
    expect(text).toContain(`(${lecture.title}) Tj`);
    const file = components.find((c) => c.kind === "file")!;
    expect(file.data.filename).toMatch(/\.txt$/);
    expect((await read(file.data.storage_key)).toString("utf8")).toContain("[ ] ");
  });

  it("adds a ready local video with its MP4 in storage, played by the free lecture", async () => {
    const { lectures, components } = await loadSample();
    const component = components.find((c) => c.kind === "video")!;
    const video = await db
      .selectFrom("videos")
      .selectAll()
      .where("id", "=", component.data.video_id)
      .executeTakeFirstOrThrow();
    expect(video).toMatchObject({ provider: "local", status: 3, lecture_id: component.lecture_id, user_id: owner.id });
    expect(video.storage_key).toBe(`videos/${video.id}/video.mp4`);
    const bytes = await read(video.storage_key!);
    expect(detectVideoContentType(bytes.subarray(0, 16))).toBe("video/mp4");
    expect(await storage.head(video.storage_key!)).toMatchObject({ contentType: "video/mp4" });
    expect(lectures.find((l) => l.id === component.lecture_id)!.access).toBe("free");
  });

  it("gives the sample student access, two comments under the free lecture and the owner's reply", async () => {
    const { course, lectures } = await loadSample();
    const student = await db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", SAMPLE_STUDENT_EMAIL)
      .executeTakeFirstOrThrow();
    expect(await hasCourseAccess(db, student, course.id)).toBe(true);
    const access = await db
      .selectFrom("course_access")
      .selectAll()
      .where("user_id", "=", student.id)
      .executeTakeFirstOrThrow();
    expect(access).toMatchObject({ source: "sample", granted_by: owner.id, ends_at: null, revoked_at: null });

    const free = lectures.find((l) => l.access === "free")!;
    const comments = await db
      .selectFrom("comments")
      .selectAll()
      .where("commentable_type", "=", "lecture")
      .where("commentable_id", "=", free.id)
      .orderBy("id")
      .execute();
    expect(comments).toHaveLength(2);
    for (const comment of comments) {
      expect(comment).toMatchObject({ user_id: student.id, by_admin: 0 });
      expect([...comment.body].length).toBeGreaterThanOrEqual(COMMENT_MIN);
      expect([...comment.body].length).toBeLessThanOrEqual(COMMENT_MAX);
    }
    const replies = await db.selectFrom("replies").selectAll().execute();
    expect(replies).toEqual([expect.objectContaining({ comment_id: comments[0]!.id, user_id: owner.id, by_admin: 1 })]);
    expect(comments.map((c) => c.replies_count)).toEqual([1, 0]);
    expect(replies[0]!.created_at > comments[0]!.created_at).toBe(true);
  });

  it("gives the course an enabled certificate template signed by the owner", async () => {
    const { course } = await loadSample();
    const template = await db
      .selectFrom("certificate_templates")
      .selectAll()
      .where("course_id", "=", course.id)
      .executeTakeFirstOrThrow();
    expect(template).toMatchObject({ enabled: 1, validity_months: null, background_image: null });
    expect(JSON.parse(template.layout)).toMatchObject({ signer: owner.name });
  });

  it("adds the course's exam: a pool of 6, 4 drawn, 60% to pass, 2 attempts of 10 minutes, required", async () => {
    const { course } = await loadSample();
    const exam = await db.selectFrom("exams").selectAll().where("course_id", "=", course.id).executeTakeFirstOrThrow();
    expect(exam).toMatchObject({
      draw_count: 4,
      pass_percent: 60,
      max_attempts: 2,
      time_limit_minutes: 10,
      required_for_completion: 1,
      show_answers: "after_passing",
    });
    const questions = JSON.parse(exam.questions) as { type: string; options: { correct: boolean }[] }[];
    expect(questions).toHaveLength(6);
    expect(questions.every((q) => q.type === "single" && q.options.filter((o) => o.correct).length === 1)).toBe(true);
  });

  it("drips one paid lecture (3 days after access) and asks a survey after the first section's last lecture", async () => {
    const { course } = await loadSample();
    const rows = await db
      .selectFrom("lectures as l")
      .innerJoin("course_sections as s", "s.id", "l.section_id")
      .select(["l.id", "l.title", "l.access", "l.drip_days", "l.drip_at", "s.position as section", "l.position"])
      .where("s.course_id", "=", course.id)
      .orderBy("s.position")
      .orderBy("l.position")
      .execute();
    const dripped = rows.filter((l) => l.drip_days !== null || l.drip_at !== null);
    expect(dripped).toHaveLength(1);
    expect(dripped[0]).toMatchObject({ drip_days: SAMPLE_DRIP_DAYS, drip_at: null, access: "paid", section: 2 });
    const survey = await db
      .selectFrom("surveys")
      .selectAll()
      .where("course_id", "=", course.id)
      .executeTakeFirstOrThrow();
    const lastOfFirst = rows.filter((l) => l.section === 1).at(-1)!;
    expect(survey).toMatchObject({ placement: "course_lecture", lecture_id: lastOfFirst.id });
    expect(JSON.parse(survey.questions).length).toBeGreaterThanOrEqual(2);
  });

  it("adds approved reviews, recommended and neutral, signed with first names", async () => {
    const { course } = await loadSample();
    const reviews = await db.selectFrom("reviews").selectAll().where("course_id", "=", course.id).execute();
    expect(reviews.length).toBeGreaterThanOrEqual(2);
    expect(reviews.every((r) => r.status === "approved" && /^\p{Lu}\p{Ll}+$/u.test(r.first_name))).toBe(true);
    expect(new Set(reviews.map((r) => r.rating))).toEqual(new Set([10, 5]));
  });

  it("adds the community: a public topic open to students' posts and one restricted to the course's product", async () => {
    await clearSample();
    const sample = await add("en", "EUR");
    const course = await db.selectFrom("courses").select("id").executeTakeFirstOrThrow();
    const topics = await db.selectFrom("community_topics").selectAll().orderBy("position").execute();
    expect(topics.map((t) => [t.title, t.visibility, t.allow_students_to_add_posts])).toEqual([
      ["Share your photos", "public", 1],
      ["Digital Photography Basics: course questions", "restricted", 0],
    ]);
    const keys = await db
      .selectFrom("community_topic_products as k")
      .innerJoin("products as p", "p.id", "k.product_id")
      .select(["k.topic_id", "p.course_id", "p.kind"])
      .execute();
    expect(keys).toEqual([{ topic_id: topics[1]!.id, course_id: course.id, kind: "course" }]);
    // The sample student holds the key to the restricted topic through the course's access.
    const student = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", sample.student.email)
      .executeTakeFirstOrThrow();
    expect([...(await topicIdsWithKey(db, student.id))]).toEqual([topics[1]!.id]);
    expect(sample.community).toEqual({ topics: 2, posts: 5, images: 4 });
    // A monthly membership plan opens the course and the restricted topic.
    const plan = await db.selectFrom("membership_plans").selectAll().executeTakeFirstOrThrow();
    expect(plan).toMatchObject({
      name: "Photography club (monthly)",
      period_months: 1,
      currency: "EUR",
      signups_open: 1,
    });
    const planCourses = await db.selectFrom("membership_plan_courses").select("course_id").execute();
    expect(planCourses).toEqual([{ course_id: course.id }]);
    const planTopics = await db.selectFrom("membership_plan_topics").select("topic_id").execute();
    expect(planTopics).toEqual([{ topic_id: topics[1]!.id }]);
    // The whole sample with a password hashed at OWASP's cost: seconds on a busy two-core machine.
  }, 30_000);

  // The same sample as the test above (one add() less on a busy machine).
  it("writes posts by the owner (markdown) and the student (plain text), with stored pictures, comments and votes", async () => {
    const student = await db
      .selectFrom("users")
      .select("id")
      .where("role", "=", "student")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const posts = await db.selectFrom("community_posts").selectAll().orderBy("id").execute();
    expect(posts).toHaveLength(5);
    const byOwner = posts.filter((p) => p.user_id === owner.id);
    const byStudent = posts.filter((p) => p.user_id === student.id);
    expect(byOwner.length).toBeGreaterThan(0);
    expect(byStudent.length).toBeGreaterThan(0);
    for (const post of byOwner) expect(post.by_admin).toBe(1);
    for (const post of byStudent) expect(post.by_admin).toBe(0);
    // Markdown from the owner, plain text from the student.
    expect(byOwner.some((p) => /\*\*[^*]+\*\*/.test(p.body))).toBe(true);
    for (const post of byStudent) expect(post.body).not.toMatch(/\*\*|^#|^- /m);
    // Titles and bodies as the post rules of §5 want them (title 5-159, body at least 5).
    for (const post of posts) {
      expect(post.title.length).toBeGreaterThanOrEqual(5);
      expect(post.title.length).toBeLessThanOrEqual(159);
      expect(post.body.length).toBeGreaterThanOrEqual(5);
    }

    const withImages = posts.filter((p) => p.image !== null);
    expect(withImages.length).toBe(4);
    expect(byStudent.every((p) => p.image !== null)).toBe(true);
    for (const post of withImages) {
      expect(post.image).toMatch(/^images\/posts\/[0-9a-f]{32}\.png$/);
      const bytes = await read(post.image!);
      expect(bytes.length).toBeLessThanOrEqual(600 * 1024);
      expect(readRasterInfo(bytes)).toMatchObject({ type: "png", width: post.image_width, height: post.image_height });
    }

    for (const post of posts) {
      const comments = await db
        .selectFrom("comments")
        .select(["user_id", "by_admin"])
        .where("commentable_type", "=", "post")
        .where("commentable_id", "=", post.id)
        .execute();
      expect(post.comments_count, post.title).toBe(comments.length);
      for (const comment of comments) expect(comment.by_admin).toBe(comment.user_id === owner.id ? 1 : 0);
      const votes = await db
        .selectFrom("votes")
        .select(["value", "user_id"])
        .where("votable_type", "=", "post")
        .where("votable_id", "=", post.id)
        .execute();
      expect(post.up_votes_count, post.title).toBe(votes.filter((v) => v.value === 1).length);
      // Nobody votes for their own post.
      for (const vote of votes) expect(vote.user_id).not.toBe(post.user_id);
    }
    const comments = await db.selectFrom("comments").select("id").where("commentable_type", "=", "post").execute();
    expect(comments.length).toBeGreaterThanOrEqual(4);
    const votes = await db.selectFrom("votes").select("id").where("votable_type", "=", "post").execute();
    expect(votes.length).toBeGreaterThanOrEqual(4);
  });

  it("adds two articles the editor would accept, on show now: a public one with the course's cover, one for students", async () => {
    const { course } = await loadSample();
    const { articles } = await listPublishedArticles(db);
    expect(articles.map((a) => [a.slug, a.visibility])).toEqual([
      ["getting-feedback", "students"],
      ["five-photo-habits", "public"],
    ]);
    const rows = await db.selectFrom("articles").selectAll().orderBy("id").execute();
    for (const row of rows) {
      expect(articleSchema.safeParse(row).success, row.slug).toBe(true);
      expect(row.author_name).toBe("Olga Owner");
      expect(row.seo_title.length, row.slug).toBeLessThanOrEqual(70);
      expect(row.seo_description.length, row.slug).toBeLessThanOrEqual(150);
    }
    expect(rows[0]!.cover_image).toBe(course.cover_image);
    expect(rows[0]!.body).toMatch(/^Good photos/);
  });

  it("writes Polish texts for a Polish school, with a new password and a free e-mail address", async () => {
    await clearSample();
    const polish = await add("pl", "PLN");
    const [course] = await listPublishedCourses(db);
    expect(course).toMatchObject({
      title: "Podstawy fotografii cyfrowej",
      slug: "podstawy-fotografii-cyfrowej",
      currency: "PLN",
    });
    expect(polish.student.name).toBe("Zofia Kursantka");
    // The first sample student still exists: the second gets another address, and another password.
    expect(polish.student.email).not.toBe(SAMPLE_STUDENT_EMAIL);
    expect(polish.student.email).toMatch(/@example\.com$/);
    expect(polish.student.password).not.toBe(firstPassword);
    expect(polish.student.password.length).toBeGreaterThanOrEqual(12);

    const { lectures, components } = await loadSample();
    expect(lectures.map((l) => l.title)).toContain("Ekspozycja: przysłona, czas naświetlania i ISO");
    expect(new Set(components.map((c) => c.kind))).toEqual(new Set(componentKinds));
    const quiz = components.find((c) => c.kind === "quiz")!;
    expect(quiz.data.questions[0].question).toBe("Które dwie zmiany wpuszczą więcej światła do matrycy?");
    // The PDF's title keeps its Polish letters: ł (code 0x83 of the font's encoding) in "przysłona".
    const pdf = components.find((c) => c.kind === "pdf")!;
    expect((await read(pdf.data.storage_key)).toString("latin1")).toContain(
      "(Ekspozycja: przys\\203ona, czas na\\205wietlania i ISO) Tj",
    );
    const reviews = await db.selectFrom("reviews").select("first_name").execute();
    expect(reviews.map((r) => r.first_name)).toContain("Michał");
    const comment = await db.selectFrom("comments").select("body").orderBy("id").executeTakeFirstOrThrow();
    expect(comment.body).toMatch(/^Cześć wszystkim!/);
    const topics = await db.selectFrom("community_topics").select("title").orderBy("position").execute();
    expect(topics.map((t) => t.title)).toEqual([
      "Pokaż swoje zdjęcia",
      "Podstawy fotografii cyfrowej: pytania do kursu",
    ]);
    const post = await db.selectFrom("community_posts").select("title").orderBy("id").executeTakeFirstOrThrow();
    expect(post.title).toBe("Witajcie! Pokażcie swoje pierwsze zdjęcie");
    const articles = await db.selectFrom("articles").select(["title", "seo_description"]).orderBy("id").execute();
    expect(articles.map((a) => a.title)).toEqual([
      "Pięć nawyków, które poprawiają każde zdjęcie",
      "Kącik kursanta: jak prosić o opinię o zdjęciach",
    ]);
    for (const article of articles) expect(article.seo_description.length).toBeLessThanOrEqual(150);
  }, 30_000);

  it("stores the files of the media it is given (the generators are passed in, not imported)", async () => {
    await clearSample();
    const pages: { title: string; kicker: string }[] = [];
    const media: SampleMedia = {
      coverPng: () => Buffer.from("given cover"),
      clipMp4: () => Buffer.from("given clip"),
      pdf: (page) => {
        pages.push({ title: page.title, kicker: page.kicker });
        return Buffer.from(`given pdf: ${page.title}`);
      },
      postPng: (picture) => Buffer.from(`given picture ${picture.width}x${picture.height}`),
    };
    await addSampleContent(db, {
      language: "en",
      currency: "EUR",
      owner: { id: owner.id, name: owner.name },
      files: storage,
      media,
    });
    const { course, components } = await loadSample();
    expect((await read(course.cover_image!)).toString()).toBe("given cover");
    const video = await db.selectFrom("videos").select("storage_key").executeTakeFirstOrThrow();
    expect((await read(video.storage_key!)).toString()).toBe("given clip");
    const pdf = components.find((c) => c.kind === "pdf")!;
    expect(pages).toHaveLength(1);
    expect(pages[0]!.kicker).toBe(course.title);
    expect((await read(pdf.data.storage_key)).toString()).toBe(`given pdf: ${pages[0]!.title}`);
    const post = await db
      .selectFrom("community_posts")
      .select(["image", "image_width", "image_height"])
      .where("image", "is not", null)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    expect((await read(post.image!)).toString()).toBe(`given picture ${post.image_width}x${post.image_height}`);
  }, 30_000);
});

describe("setupSchool with sample content", () => {
  it("removes the files it stored when the setup fails, and keeps nothing in the database", async () => {
    await clearSample();
    await db.deleteFrom("users").execute();
    await db.deleteFrom("school").execute();
    const stored: string[] = [];
    // A storage that fails on the third file: the cover and the clip are in by then.
    const failing: Storage = {
      ...storage,
      put: async (key, body, options) => {
        if (stored.length === 2) throw new Error("disk full");
        const result = await storage.put(key, body, options);
        stored.push(key);
        return result;
      },
    };
    const input = {
      school_name: "Photo School",
      language: "en",
      currency: "EUR",
      name: "Olga Owner",
      email: "owner@example.com",
      password: "owner-secret",
      sample: true,
    };
    await expect(setupSchool({ db, storage: failing, sampleMedia }, input)).rejects.toThrow("disk full");
    expect(stored).toHaveLength(2);
    for (const key of stored) expect(await storage.head(key)).toBeNull();
    expect(await db.selectFrom("school").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("courses").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("uploads").select("id").execute()).toEqual([]);

    // The same setup with a working storage succeeds.
    const { sample } = await setupSchool({ db, storage, sampleMedia }, input);
    expect(sample?.course.slug).toBe("digital-photography-basics");
  }, 30_000);
});
