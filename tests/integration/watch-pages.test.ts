// The watch pages as the server renders them: where /{course}/watch leads each viewer (visitor, student
// without access, student with access, admin, admin previewing as a student), the access rules of a lecture
// page (§6), /{course}/watch/login, and the student's course list on /my.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visitor } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { arrangeCourse, type ArrangedCourse, giveAccess, userIdOf } from "../helpers/watch-fixtures.ts";

let server: TestServer;
let admin: BrowserClient;
let buyer: BrowserClient;
let student: BrowserClient;
let guest: BrowserClient;
let course: ArrangedCourse;
let other: ArrangedCourse;
const buyerUser = { name: "Bea Buyer", email: "bea@example.com", password: "student-secret" };
const studentUser = { name: "Sid Student", email: "sid@example.com", password: "student-secret" };

const quiz = {
  questions: [
    {
      question: "Which settings make the exposure?",
      answers: ["Aperture", "Colour"],
      correct: [0],
      hint: "Think light",
    },
  ],
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  buyer = await registerStudent(server, buyerUser);
  student = await registerStudent(server, studentUser);
  guest = await visitor(server, "/");
  const db = server.handle.db;
  course = await arrangeCourse(db, {
    slug: "photo",
    title: "Photo course",
    sections: [
      {
        title: "Basics",
        lectures: [
          {
            title: "Welcome",
            access: "free",
            minutes: 75,
            body: "Lecture **body** text",
            components: [
              {
                kind: "markdown",
                data: {
                  markdown: "Hello <script>alert(1)</script> [bad](javascript:alert(1)) [good](https://example.com/ok)",
                },
              },
              { kind: "embed", data: { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" } },
              { kind: "embed", data: { url: "https://evil.example/player/123" } },
              { kind: "quiz", data: quiz },
              {
                kind: "file",
                data: {
                  storage_key: "lecture-files/abc.zip",
                  filename: "presets.zip",
                  size: 2_400_000,
                  content_type: "application/zip",
                },
              },
              {
                kind: "pdf",
                data: {
                  storage_key: "lecture-files/def.pdf",
                  filename: "cheatsheet.pdf",
                  size: 120_000,
                  content_type: "application/pdf",
                },
              },
              { kind: "video", data: { video_id: 7 } },
            ],
          },
          { title: "Settings", access: "login" },
          {
            title: "Exposure",
            access: "paid",
            components: [{ kind: "markdown", data: { markdown: "paid-secret-content" } }],
          },
        ],
      },
      {
        title: "Light",
        lectures: [
          { title: "Golden hour", access: "paid" },
          { title: "Unfinished", access: "paid", status: "draft" },
        ],
      },
    ],
  });
  other = await arrangeCourse(db, {
    slug: "other",
    sections: [{ title: "S", lectures: [{ title: "Elsewhere", access: "free" }] }],
  });
  await giveAccess(db, { userId: await userIdOf(db, buyerUser.email), courseId: course.id });
});
afterAll(() => server?.stop());

const lecture = (title: string) => `/photo/watch/${course.lectures[title]}`;
const location = async (client: BrowserClient, path: string) => {
  const response = await client.page(path);
  expect(response.status, path).toBeGreaterThanOrEqual(300);
  expect(response.status, path).toBeLessThan(400);
  return response.headers.get("location");
};

describe("/{course}/watch", () => {
  it("sends a visitor to the first lecture they may open", async () => {
    expect(await location(guest, "/photo/watch")).toBe(lecture("Welcome"));
  });

  it("sends a visitor to log in when only logging in opens a lecture, and to the checkout when only buying does", async () => {
    const db = server.handle.db;
    await arrangeCourse(db, {
      slug: "members",
      sections: [
        {
          title: "S",
          lectures: [
            { title: "Paid first", access: "paid" },
            { title: "Members", access: "login" },
          ],
        },
      ],
    });
    await arrangeCourse(db, {
      slug: "premium",
      sections: [{ title: "S", lectures: [{ title: "Only paid", access: "paid" }] }],
    });
    expect(await location(guest, "/members/watch")).toBe(`/login?next=${encodeURIComponent("/members/watch")}`);
    expect(await location(guest, "/premium/watch")).toBe("/premium/checkout");
    expect(await location(student, "/premium/watch")).toBe("/premium/checkout");
  });

  it("resumes a student without access at the last lecture they viewed, when they may still open it", async () => {
    expect(await location(student, "/photo/watch")).toBe(lecture("Welcome"));
    expect((await student.post(`/lecture/${course.lectures.Settings}/watch`)).status).toBe(200);
    expect(await location(student, "/photo/watch")).toBe(lecture("Settings"));
  });

  it("resumes a student with access at the last lecture they viewed", async () => {
    expect(await location(buyer, "/photo/watch")).toBe(lecture("Welcome"));
    await buyer.post(`/lecture/${course.lectures["Golden hour"]}/watch`);
    expect(await location(buyer, "/photo/watch")).toBe(lecture("Golden hour"));
    await buyer.post(`/lecture/${course.lectures.Exposure}/watch`);
    expect(await location(buyer, "/photo/watch")).toBe(lecture("Exposure"));
  });

  it("sends the admin in, and keeps ?preview=student on the way", async () => {
    expect(await location(admin, "/photo/watch")).toBe(lecture("Welcome"));
    expect(await location(admin, "/photo/watch?preview=student")).toBe(`${lecture("Welcome")}?preview=student`);
  });

  it("answers 404 for an unknown course and for a draft course to anyone but an admin", async () => {
    await arrangeCourse(server.handle.db, {
      slug: "secret-draft",
      status: "draft",
      sections: [{ title: "S", lectures: [{ title: "Draft course lecture", access: "free" }] }],
    });
    expect((await guest.page("/no-such-course/watch")).status).toBe(404);
    expect((await buyer.page("/secret-draft/watch")).status).toBe(404);
    expect((await admin.page("/secret-draft/watch")).status).toBe(302);
  });
});

describe("a lecture page", () => {
  it("shows a free lecture to a visitor: curriculum, components in order, no progress tools", async () => {
    const { status, html } = await guest.page(lecture("Welcome"));
    expect(status).toBe(200);
    expect(html).toContain("<title>Welcome · Photo course · Test Academy</title>");
    expect(html).toMatch(/<h1[^>]*>Welcome<\/h1>/);
    expect(html).toContain("1h 15min");
    expect(html).toContain("Course content");
    for (const title of ["Basics", "Light", "Settings", "Exposure", "Golden hour"]) expect(html).toContain(title);
    expect(html).not.toContain("Unfinished");
    // markdown without raw HTML or javascript: links
    expect(html).toContain("<strong>body</strong>");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toMatch(/href="\s*javascript:/i);
    expect(html).toContain("<span>bad</span>");
    expect(html).toContain('href="https://example.com/ok"');
    // the known player is embedded, the unknown host is not
    const iframes = html.match(/<iframe[^>]*>/g) ?? [];
    expect(iframes).toHaveLength(1);
    expect(iframes[0]).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(iframes[0]).toContain('title="Welcome"');
    expect(iframes[0]).toContain('loading="lazy"');
    expect(html).not.toMatch(/<iframe[^>]*evil\.example/);
    // the quiz, the download with its size, the PDF and the video
    expect(html).toContain("Which settings make the exposure?");
    expect(html).toContain("Check my answer");
    expect(html).toContain("Show hint");
    expect(html).toContain('href="/files/lecture-files/abc.zip"');
    expect(html).toContain("presets.zip");
    expect(html).toContain("2.4 MB");
    // the PDF's viewer (<object>) is made once the page is hydrated (e2e); the page itself links the file
    expect(html).toContain('href="/files/lecture-files/def.pdf" download="cheatsheet.pdf"');
    expect(html).toContain('data-component-kind="video"');
    // order: markdown before the quiz before the file
    expect(html.indexOf("Hello")).toBeLessThan(html.indexOf("Which settings"));
    expect(html.indexOf("Which settings")).toBeLessThan(html.indexOf("presets.zip"));
    // progress needs a login
    expect(html).toContain("Log in to mark lectures as complete");
    expect(html).not.toContain("Mark as complete");
    expect(html).not.toContain("My notes");
    expect(html).toMatch(/rel="next"[^>]*href="\/photo\/watch\/\d+"|href="\/photo\/watch\/\d+"[^>]*rel="next"/);
    // the discussion below the lecture invites a visitor to log in through /{course}/watch/login
    expect(html).toContain("Want to see the comments?");
    expect(html).toContain('href="/photo/watch/login"');
  });

  it("sends a visitor to log in for a login lecture and to the checkout for a paid one, without the content", async () => {
    const login = await guest.page(lecture("Settings"));
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe(`/login?next=${encodeURIComponent(lecture("Settings"))}`);
    const paid = await guest.page(lecture("Exposure"));
    expect(paid.headers.get("location")).toBe("/photo/checkout");
    expect(paid.html).not.toContain("paid-secret-content");
  });

  it("shows a login lecture to a student without access, and sends them to the checkout for a paid one", async () => {
    const { status, html } = await student.page(lecture("Settings"));
    expect(status).toBe(200);
    expect(html).toContain("Mark as complete");
    expect(html).toContain("My notes");
    const paid = await student.page(lecture("Exposure"));
    expect(paid.status).toBe(302);
    expect(paid.headers.get("location")).toBe("/photo/checkout");
  });

  it("shows a paid lecture to a student with access, with their progress, completion marks and star", async () => {
    await buyer.post(`/lecture/${course.lectures.Welcome}/complete`);
    await buyer.post(`/lecture/${course.lectures.Exposure}/star`);
    const { status, html } = await buyer.page(lecture("Exposure"));
    expect(status).toBe(200);
    expect(html).toContain("paid-secret-content");
    expect(html).toContain("25% complete");
    expect(html).toContain('aria-valuenow="25"');
    expect(html).toMatch(/aria-pressed="true"[^>]*>(?:(?!<\/button>).)*Starred/s);
    expect(html).toMatch(/aria-pressed="false"[^>]*>(?:(?!<\/button>).)*Mark as complete/s);
    const welcome = (await buyer.page(lecture("Welcome"))).html;
    expect(welcome).toMatch(/aria-pressed="true"[^>]*>(?:(?!<\/button>).)*Completed/s);
    expect(welcome).toMatch(/aria-pressed="false"[^>]*>(?:(?!<\/button>).)*Star this lecture/s);
    expect(html).toContain('data-mark="completed"');
  });

  it("answers 404 for a draft lecture, another course's lecture under this course, or an id that is no id", async () => {
    expect((await buyer.page(lecture("Unfinished"))).status).toBe(404);
    expect((await guest.page(`/photo/watch/${other.lectures.Elsewhere}`)).status).toBe(404);
    const notFound = await guest.page("/photo/watch/abc");
    expect(notFound.status).toBe(404);
    expect(notFound.html).toContain("<title>We couldn&#x27;t find that page. · Test Academy</title>");
    expect((await guest.page("/photo/watch/99999999999")).status).toBe(404);
    expect((await guest.page(`/other/watch/${course.lectures.Welcome}`)).status).toBe(404);
  });

  it("shows the admin everything: paid lectures and drafts", async () => {
    const paid = await admin.page(lecture("Exposure"));
    expect(paid.status).toBe(200);
    expect(paid.html).toContain("paid-secret-content");
    const draft = await admin.page(lecture("Unfinished"));
    expect(draft.status).toBe(200);
    expect(draft.html).toContain("Draft");
  });

  it("with ?preview=student shows the admin what a logged-in student without access sees", async () => {
    const free = await admin.page(`${lecture("Welcome")}?preview=student`);
    expect(free.status).toBe(200);
    expect(free.html).toContain("Preview: you see this course as a logged-in student without access sees it.");
    // links inside the preview stay in the preview
    expect(free.html).toContain(`href="${lecture("Settings")}?preview=student"`);
    expect((await admin.page(`${lecture("Settings")}?preview=student`)).status).toBe(200);
    const paid = await admin.page(`${lecture("Exposure")}?preview=student`);
    expect(paid.status).toBe(302);
    expect(paid.headers.get("location")).toBe("/photo/checkout");
    // a draft lecture (paid, here) is previewed as it will be once published
    expect((await admin.page(`${lecture("Unfinished")}?preview=student`)).headers.get("location")).toBe(
      "/photo/checkout",
    );
    const draftFree = await arrangeCourse(server.handle.db, {
      slug: "draft-preview",
      status: "draft",
      sections: [
        {
          title: "S",
          lectures: [
            {
              title: "Not yet",
              access: "free",
              status: "draft",
              components: [{ kind: "markdown", data: { markdown: "draft-body" } }],
            },
          ],
        },
      ],
    });
    const previewed = await admin.page(`/draft-preview/watch/${draftFree.lectures["Not yet"]}?preview=student`);
    expect(previewed.status).toBe(200);
    expect(previewed.html).toContain("draft-body");
    expect((await buyer.page(`/draft-preview/watch/${draftFree.lectures["Not yet"]}?preview=student`)).status).toBe(
      404,
    );
    // a student cannot use the preview to see more or less than they may
    expect((await buyer.page(`${lecture("Exposure")}?preview=student`)).status).toBe(200);
  });
});

describe("/{course}/watch/login", () => {
  it("sends a visitor to /login, coming back to the course's watch page", async () => {
    expect(await location(guest, "/photo/watch/login")).toBe(`/login?next=${encodeURIComponent("/photo/watch")}`);
  });

  it("sends a logged-in viewer straight to the watch page", async () => {
    expect(await location(student, "/photo/watch/login")).toBe("/photo/watch");
  });

  it("answers 404 for an unknown course", async () => {
    expect((await guest.page("/no-such-course/watch/login")).status).toBe(404);
  });
});

describe("/my", () => {
  it("lists the student's courses with their progress and a 'Continue' link to the resume lecture", async () => {
    const { html } = await buyer.page("/my");
    expect(html).toContain("Photo course");
    expect(html).toContain("25% complete");
    expect(html).toContain(`href="${lecture("Exposure")}"`);
    expect(html).toContain("Continue");
    expect(html).not.toContain("You have no products yet.");
  });

  it("keeps the empty state for a student without courses", async () => {
    const { html } = await student.page("/my");
    expect(html).toContain("You have no products yet.");
    expect(html).not.toContain("Photo course");
  });
});
