// The community's pages (issue 14): /community with its empty states and the header link, a topic's feed with the
// login redirect for visitors and the 403 page naming the products for a student without the key, and a post's
// page where a student's text stays plain text and an admin's markdown is rendered safely.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client.ts";
import { arrangeDiscussionCourse, grantAccess, newStudent } from "../helpers/discussion-fixtures.ts";
import { arrangeCourseProduct, arrangeTopic } from "../helpers/community-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let admin: BrowserClient;
let student: Awaited<ReturnType<typeof newStudent>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  student = await newStudent(server, "Paula Page");
});
afterAll(() => server?.stop());

const hasCommunityLink = (html: string) => /<a[^>]+href="\/community"/.test(html);

describe("community pages", () => {
  it("a school without topics: the admin is shown how to start, others a friendly page, and no header link", async () => {
    const forAdmin = await admin.page("/community");
    expect(forAdmin.status).toBe(200);
    expect(forAdmin.html).toContain("Start your community");
    expect(forAdmin.html).toContain('href="/home/community/new"');
    const forStudent = await student.client.page("/community");
    expect(forStudent.html).toContain("The community is not open yet");
    expect(forStudent.html).not.toContain("/home/community/new");
    expect(hasCommunityLink((await student.client.page("/courses")).html)).toBe(false);
  });

  it("shows the feed and the topics, and the header link to those who may read one", async () => {
    const db = server.handle.db;
    const course = await arrangeDiscussionCourse(db, { lectures: { one: { access: "paid" } } });
    const product = await arrangeCourseProduct(db, course.id, "Inner circle course");
    const open = await arrangeTopic(db, { title: "Open lounge", description: "Everyone is welcome" });
    const restricted = await arrangeTopic(db, {
      title: "Inner circle",
      visibility: "restricted",
      productIds: [product],
    });

    const studentPost = await student.client.post(`/json/community/topics/${open}/post/create`, {
      title: "Plain text <b>post</b>",
      body: "See https://example.com/page and <script>alert(1)</script> **not bold**",
    });
    expect(studentPost.status).toBe(200);
    const adminPost = await admin.post(`/json/community/topics/${open}/post/create`, {
      title: "Admin markdown post",
      body: "Some **bold words** and [a bad link](javascript:alert(1)) <img src=x onerror=alert(1)>",
    });
    expect(adminPost.status).toBe(200);
    const secret = await admin.post(`/json/community/topics/${restricted}/post/create`, {
      title: "Members only news",
      body: "Just for the inner circle",
    });

    const visitor = new BrowserClient(server.url);
    const feed = await visitor.page("/community");
    expect(feed.status).toBe(200);
    expect(hasCommunityLink(feed.html)).toBe(true);
    expect(feed.html).toContain("Open lounge");
    expect(feed.html).not.toContain("Inner circle");
    expect(feed.html).toContain("Admin markdown post");

    const topicPage = await visitor.page(`/community/topics/${open}`);
    expect(topicPage.status).toBe(200);
    expect(topicPage.html).toContain("Everyone is welcome");
    expect(topicPage.html).not.toContain("New post");
    expect((await student.client.page(`/community/topics/${open}`)).html).toContain("New post");

    // A visitor on a restricted topic logs in; a student without the product gets the 403 page naming it.
    const toLogin = await visitor.page(`/community/topics/${restricted}`);
    expect(toLogin.status).toBe(302);
    expect(toLogin.headers.get("location")).toBe(
      `/login?next=${encodeURIComponent(`/community/topics/${restricted}`)}`,
    );
    const locked = await student.client.page(`/community/topics/${restricted}`);
    expect(locked.status).toBe(403);
    expect(locked.html).toContain("Inner circle course");
    expect(locked.html).toContain(`href="/${course.slug}"`);
    const lockedPost = await student.client.page(`/community/posts/${secret.body.post.id}`);
    expect(lockedPost.status).toBe(403);
    expect(lockedPost.html).toContain("Inner circle course");
    await grantAccess(db, student.id, course.id);
    const opened = await student.client.page(`/community/topics/${restricted}`);
    expect(opened.status).toBe(200);
    expect(opened.html).toContain("Members only news");

    // A student's post: plain text, its link clickable, no markup of its own.
    const plain = await visitor.page(`/community/posts/${studentPost.body.post.id}`);
    expect(plain.status).toBe(200);
    expect(plain.html).toContain('href="https://example.com/page"');
    expect(plain.html).not.toContain("<script>alert(1)</script>");
    expect(plain.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(plain.html).not.toContain("<strong>not bold</strong>");
    expect(plain.html).toContain("Want to join the conversation?");
    // An admin's post: markdown, without raw HTML or unsafe links.
    const markdown = await student.client.page(`/community/posts/${adminPost.body.post.id}`);
    expect(markdown.html).toContain("<strong>bold words</strong>");
    // (the text itself travels in the page's data, escaped; the markup must hold neither)
    expect(markdown.html).not.toMatch(/href="javascript:/i);
    expect(markdown.html).not.toMatch(/<img[^>]*onerror/i);
    expect(markdown.html).toContain("Your comment");
  });

  it("answers 404 for unknown topics and posts and for a hidden post to a student", async () => {
    expect((await student.client.page("/community/topics/999999")).status).toBe(404);
    expect((await student.client.page("/community/posts/999999")).status).toBe(404);
    const topic = await arrangeTopic(server.handle.db, { title: "Moderated corner" });
    const post = await student.client.post(`/json/community/topics/${topic}/post/create`, {
      title: "To be hidden",
      body: "A moderator will hide this",
    });
    await server.handle.db
      .updateTable("community_posts")
      .set({ hidden_at: new Date().toISOString() })
      .where("id", "=", post.body.post.id)
      .execute();
    expect((await student.client.page(`/community/posts/${post.body.post.id}`)).status).toBe(404);
    const forAdmin = await admin.page(`/community/posts/${post.body.post.id}`);
    expect(forAdmin.status).toBe(200);
    expect(forAdmin.html).toContain("Hidden by a moderator");
  });
});
