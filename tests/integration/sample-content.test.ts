// The sample content (core/school/sample-content.ts) as people meet it over HTTP after "Add sample content" on
// /setup: a visitor sees the cover image and the free lecture's lesson, the approved reviews come from
// POST /json/reviews, the PDF of a paid lecture and the checklist of a login-only one are served only to those
// who may watch them, the sample student (who has access) gets every file, the clip and the discussion, and the
// two sample articles are on /articles (one for students only). In English and, for a Polish school, in Polish.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logInAs, visitor } from "../helpers/accounts.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { owner } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

type SampleStudent = { name: string; email: string; password: string };

async function setUpWithSample(server: TestServer, language: "en" | "pl"): Promise<SampleStudent> {
  const client = new BrowserClient(server.url);
  await client.page("/setup");
  const response = await client.post("/setup", {
    school_name: language === "pl" ? "Akademia Fotografii" : "Photo School",
    language,
    currency: language === "pl" ? "PLN" : "EUR",
    ...owner,
    sample: true,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.sample_student;
}

async function sampleLectures(server: TestServer) {
  const db = server.handle.db;
  const course = await db.selectFrom("courses").select(["id", "slug", "cover_image"]).executeTakeFirstOrThrow();
  const lectures = await db
    .selectFrom("lectures")
    .innerJoin("course_sections", "course_sections.id", "lectures.section_id")
    .where("course_sections.course_id", "=", course.id)
    .select(["lectures.id", "lectures.title", "lectures.access"])
    .orderBy("course_sections.position")
    .orderBy("lectures.position")
    .execute();
  const kinds = await db.selectFrom("lecture_components").select(["lecture_id", "kind"]).execute();
  const lectureWith = (kind: string) =>
    lectures.find((l) => kinds.some((c) => c.lecture_id === l.id && c.kind === kind))!;
  return { course, lectures, lectureWith };
}

/** The /files/ and /videos/ addresses a page shows. */
function mediaLinks(html: string, pattern: RegExp): string[] {
  return [...new Set([...html.matchAll(pattern)].map((m) => m[0]!.replaceAll("&amp;", "&")))];
}

async function fetchBytes(client: BrowserClient, path: string) {
  const response = await client.raw(path);
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

describe("sample content in English", () => {
  let server: TestServer;
  let student: SampleStudent;
  let sample: Awaited<ReturnType<typeof sampleLectures>>;
  let guest: BrowserClient;
  let sam: BrowserClient;

  beforeAll(async () => {
    server = await startTestServer();
    student = await setUpWithSample(server, "en");
    sample = await sampleLectures(server);
    guest = await visitor(server, "/");
    sam = await logInAs(server, student.email, student.password);
  });
  afterAll(() => server?.stop());

  it("publishes sample terms and privacy pages, marked as samples, linked from the footer", async () => {
    const home = await guest.page("/");
    expect(home.html).toContain('href="/terms"');
    expect(home.html).toContain('href="/privacy"');
    expect(home.html).not.toContain('href="/withdrawal"');
    const terms = await guest.page("/terms");
    expect(terms.status).toBe(200);
    expect(terms.html).toContain("This is a sample.");
    expect((await guest.page("/privacy")).html).toContain("Your rights");
  });

  it("publishes two articles: a public one a visitor reads with its cover, one for students behind a log-in", async () => {
    expect((await guest.page("/")).html).toContain('href="/articles"');
    const list = await guest.page("/articles");
    expect([...list.html.matchAll(/data-article="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "getting-feedback",
      "five-photo-habits",
    ]);
    const open = await guest.page("/articles/five-photo-habits");
    expect(open.html).toContain("<h2>1. Look at the light first</h2>");
    expect(open.html).toContain(`src="/files/${sample.course.cover_image}"`);
    const locked = await guest.page("/articles/getting-feedback");
    expect(locked.html).toContain("This article is for our students");
    expect(locked.html).not.toContain("Post one photo at a time");
    expect((await sam.page("/articles/getting-feedback")).html).toContain("Post one photo at a time");
  });

  it("shows the course's cover image, which a visitor downloads as a PNG", async () => {
    const home = await guest.page("/");
    const [cover] = mediaLinks(home.html, /\/files\/images\/[\w/.-]+\.png/g);
    expect(cover).toBe(`/files/${sample.course.cover_image}`);
    const file = await fetchBytes(new BrowserClient(server.url), cover!);
    expect(file.status).toBe(200);
    expect(file.type).toBe("image/png");
    expect(file.body.subarray(1, 4).toString("latin1")).toBe("PNG");
  });

  it("shows a visitor the free lecture's markdown lesson and the clip, and asks them to log in for the comments", async () => {
    const free = sample.lectures.find((l) => l.access === "free")!;
    const page = await guest.page(`/${sample.course.slug}/watch/${free.id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain("<h2>Welcome!</h2>");
    expect(page.html).toContain("How the course works");
    expect(page.html).toContain('data-component-kind="video"');
    expect(page.html).toContain("Want to see the comments?");
    expect(page.html).not.toContain("Do I need a tripod");
    const video = await server.handle.db.selectFrom("videos").select("id").executeTakeFirstOrThrow();
    const stream = await fetchBytes(guest, `/videos/${video.id}/stream`);
    expect(stream.status).toBe(200);
    expect(stream.type).toBe("video/mp4");
    expect(stream.body.subarray(4, 8).toString("latin1")).toBe("ftyp");
  });

  it("shows the sample student the comments under the free lecture, with the owner's reply", async () => {
    const free = sample.lectures.find((l) => l.access === "free")!;
    const page = await sam.page(`/${sample.course.slug}/watch/${free.id}`);
    expect(page.html).toContain("Do I need a tripod for this course?");
    expect(page.html).toContain("why my evening photos come out so orange");
    const comment = await server.handle.db
      .selectFrom("comments")
      .select("id")
      .where("body", "like", "Hi everyone!%")
      .executeTakeFirstOrThrow();
    const replies = await sam.json("POST", `/comment/${comment.id}/replies`);
    expect(replies.status).toBe(200);
    expect(replies.body.replies).toHaveLength(1);
    expect(replies.body.replies[0].body).toMatch(/^Welcome! Not at the start/);
  });

  it("serves the paid lecture's PDF to the sample student only: a visitor and a student without access get 404", async () => {
    const paid = sample.lectureWith("pdf");
    expect(paid.access).toBe("paid");
    const page = await sam.page(`/${sample.course.slug}/watch/${paid.id}`);
    expect(page.status).toBe(200);
    for (const kind of ["markdown", "pdf", "quiz"]) expect(page.html).toContain(`data-component-kind="${kind}"`);
    expect(page.html).toContain("Which two changes let more light reach the sensor?");
    const [pdf] = mediaLinks(page.html, new RegExp(`/files/lectures/${paid.id}/[\\w/.-]+\\.pdf`, "g"));
    expect(pdf).toBeDefined();

    const own = await fetchBytes(sam, pdf!);
    expect(own.status).toBe(200);
    expect(own.type).toBe("application/pdf");
    expect(own.body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(own.body.toString("latin1")).toContain(`(${paid.title}) Tj`);

    expect((await fetchBytes(guest, pdf!)).status).toBe(404);
    const other = new BrowserClient(server.url);
    await other.page("/register");
    expect(
      (await other.post("/register", { name: "Olek Other", email: "olek@example.com", password: "student-secret" }))
        .status,
    ).toBe(200);
    expect((await fetchBytes(other, pdf!)).status).toBe(404);
  });

  it("offers the checklist of the login-only lecture as a download to logged-in users, not to visitors", async () => {
    const login = sample.lectureWith("file");
    expect(login.access).toBe("login");
    const page = await sam.page(`/${sample.course.slug}/watch/${login.id}`);
    const [file] = mediaLinks(page.html, new RegExp(`/files/lectures/${login.id}/[\\w/.-]+\\.txt`, "g"));
    const download = await sam.raw(file!);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(
      /^attachment; filename="camera-settings-checklist\.txt"/,
    );
    expect(await download.text()).toContain("[ ] Memory card formatted in the camera");
    expect((await fetchBytes(guest, file!)).status).toBe(404);
  });

  it("opens the community: the owner's topic list shows both sample topics, their posts' pictures are served", async () => {
    const admin = await logInAs(server, owner.email, owner.password);
    const list = await admin.json("GET", "/home/community");
    expect(list.status).toBe(200);
    expect(
      list.body.community_topics.map((t: { title: string; visibility: string; post_count: number }) => [
        t.title,
        t.visibility,
        t.post_count,
      ]),
    ).toEqual([
      ["Share your photos", "public", 3],
      ["Digital Photography Basics: course questions", "restricted", 2],
    ]);
    const page = await admin.page("/home/community");
    expect(page.html).toContain("Share your photos");

    const posts = await server.handle.db
      .selectFrom("community_posts")
      .select(["image", "image_width", "image_height", "comments_count", "up_votes_count"])
      .where("image", "is not", null)
      .execute();
    expect(posts).toHaveLength(4);
    for (const post of posts) {
      const file = await fetchBytes(guest, `/files/${post.image}`);
      expect(file.status, post.image!).toBe(200);
      expect(file.type).toBe("image/png");
      expect(file.body.readUInt32BE(16)).toBe(post.image_width);
      expect(file.body.readUInt32BE(20)).toBe(post.image_height);
    }
  });

  it("lists the approved reviews for the course at POST /json/reviews", async () => {
    const response = await guest.json("POST", "/json/reviews", { course_id: sample.course.id, length: 0 });
    expect(response.status).toBe(200);
    expect(response.body.more).toBe(false);
    expect(response.body.reviews.map((r: { first_name: string; rating: number }) => [r.first_name, r.rating])).toEqual([
      ["Anna", 10],
      ["Michael", 10],
      ["Kate", 5],
    ]);
    expect(response.body.reviews[0].review).toMatch(/^Short lessons/);
  });
});

describe("sample content in Polish", () => {
  let server: TestServer;
  let student: SampleStudent;
  let sample: Awaited<ReturnType<typeof sampleLectures>>;

  beforeAll(async () => {
    server = await startTestServer();
    student = await setUpWithSample(server, "pl");
    sample = await sampleLectures(server);
  });
  afterAll(() => server?.stop());

  it("writes the lessons, the quiz, the discussion and the reviews in Polish", async () => {
    const guest = await visitor(server, "/");
    const sales = await guest.page(`/${sample.course.slug}`);
    expect(sales.status).toBe(200);
    expect(sales.html).toContain("Ekspozycja: przysłona, czas naświetlania i ISO");

    const free = sample.lectures.find((l) => l.access === "free")!;
    const lesson = await guest.page(`/${sample.course.slug}/watch/${free.id}`);
    expect(lesson.html).toContain("Jak działa kurs");
    expect(lesson.html).toContain("Chcesz zobaczyć komentarze?");

    const zofia = await logInAs(server, student.email, student.password);
    expect((await zofia.page(`/${sample.course.slug}/watch/${free.id}`)).html).toContain(
      "Czy na tym kursie przyda się statyw?",
    );
    const topics = await server.handle.db.selectFrom("community_topics").select("title").orderBy("position").execute();
    expect(topics.map((t) => t.title)).toEqual([
      "Pokaż swoje zdjęcia",
      "Podstawy fotografii cyfrowej: pytania do kursu",
    ]);
    const paid = sample.lectureWith("quiz");
    const quiz = await zofia.page(`/${sample.course.slug}/watch/${paid.id}`);
    expect(quiz.html).toContain("Które dwie zmiany wpuszczą więcej światła do matrycy?");

    const reviews = await guest.json("POST", "/json/reviews", { course_id: sample.course.id });
    expect(reviews.body.reviews.map((r: { first_name: string }) => r.first_name)).toEqual(["Anna", "Michał", "Kasia"]);

    const terms = await guest.page("/terms");
    expect(terms.html).toContain("To jest przykład.");
    expect(terms.html).toContain("Regulamin");
    expect((await guest.page("/privacy")).html).toContain("Twoje prawa");

    const article = await guest.page("/articles/piec-nawykow-fotografa");
    expect(article.html).toContain("Pięć nawyków, które poprawiają każde zdjęcie");
    expect(article.html).toContain("Autor: Olga Owner");
  });
});
