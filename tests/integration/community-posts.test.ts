// The community's JSON calls over HTTP (spec §3 Post, §5, §6, §7): the feeds and their keyset pages, creating,
// editing, deleting and pinning posts, restricted topics and hidden posts, and comments and votes on posts through
// the discussion, with the contract's 401, 419, 422, 403 and 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client.ts";
import {
  arrangeDiscussionCourse,
  grantAccess,
  newStudent,
  postMultipart,
  solidPng,
  userIdOf,
} from "../helpers/discussion-fixtures.ts";
import { arrangeCourseProduct, arrangePosts, arrangeTopic } from "../helpers/community-fixtures.ts";
import { owner, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let admin: BrowserClient;
let adminId: number;
let student: Awaited<ReturnType<typeof newStudent>>;
let other: Awaited<ReturnType<typeof newStudent>>;
let open: number;
let readOnly: number;
let restricted: number;
let courseId: number;
let courseSlug: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  adminId = await userIdOf(server.handle.db, owner.email);
  const db = server.handle.db;
  const course = await arrangeDiscussionCourse(db, { lectures: { one: { access: "paid" } } });
  courseId = course.id;
  courseSlug = course.slug;
  const product = await arrangeCourseProduct(db, course.id, "Members' course");
  open = await arrangeTopic(db, { title: "General chat", description: "Say hello" });
  readOnly = await arrangeTopic(db, { title: "Announcements", allowStudents: false });
  restricted = await arrangeTopic(db, { title: "Members", visibility: "restricted", productIds: [product] });
  student = await newStudent(server, "Stefan Student");
  other = await newStudent(server, "Olaf Other");
});
afterAll(() => server?.stop());

async function visitor() {
  const client = new BrowserClient(server.url);
  await client.page("/login");
  return client;
}

const create = (client: BrowserClient, topicId: number, fields: Record<string, unknown>) =>
  client.post(`/json/community/topics/${topicId}/post/create`, fields);

async function newPost(client: BrowserClient, topicId = open, title = "A question about lesson one") {
  const response = await create(client, topicId, { title, body: "How do I start with the first exercise?" });
  if (response.status !== 200) throw new Error(`post failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.post;
}

describe("POST /json/community/topics/{id}/post/create", () => {
  it("creates a student's post in the §3 shape", async () => {
    const response = await create(student.client, open, {
      title: "  My first post  ",
      body: "Hello everyone, see https://example.com",
      video: "https://youtu.be/dQw4w9WgXcQ",
    });
    expect(response.status).toBe(200);
    expect(response.body.post).toEqual({
      id: expect.any(Number),
      type: "post",
      title: "My first post",
      body: "Hello everyone, see https://example.com",
      image: null,
      image_width: null,
      image_height: null,
      video: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
      bunny_id: null,
      bunny_status: null,
      video_id: null,
      student_id: student.id,
      student: { name: "Stefan Student" },
      user_id: student.id,
      by_admin: 0,
      community_topic: {
        id: open,
        title: "General chat",
        description: "Say hello",
        allow_students_to_add_posts: 1,
        visibility: "public",
      },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: expect.any(String),
      comments_count: 0,
      comments: [],
      pinned: false,
      hidden: false,
      up_votes_count: 0,
      votes: [],
    });
  });

  it("an admin's post has no student_id and is marked by_admin", async () => {
    const post = await newPost(admin, readOnly, "Welcome to the school");
    expect(post.student_id).toBeUndefined();
    expect(post.by_admin).toBe(1);
    expect(post.student).toEqual({ name: owner.name });
    expect(post.user_id).toBe(adminId);
  });

  it("takes a multipart post with an image, stored re-encoded under images/posts/ with its size", async () => {
    const response = await postMultipart(student.client, `/json/community/topics/${open}/post/create`, {
      title: "A picture of my work",
      body: "What do you think of it?",
      video: "",
      file: "0",
      video_file_upload: "0",
      image: { bytes: solidPng(40, 30), filename: "work.png", type: "image/png" },
    });
    expect(response.status).toBe(200);
    const post = response.body.post;
    expect(post.image).toMatch(/^\/files\/images\/posts\/[0-9a-f]{32}\.png$/);
    expect([post.image_width, post.image_height]).toEqual([40, 30]);
    const file = await student.client.raw(post.image);
    expect(file.status).toBe(200);
    const upload = await server.handle.db
      .selectFrom("uploads")
      .select(["context", "user_id"])
      .where("storage_key", "=", post.image.slice("/files/".length))
      .executeTakeFirstOrThrow();
    expect(upload).toEqual({ context: "post", user_id: student.id });
  });

  it("makes a WebP thumbnail of at most 480 px for the gallery, removed with the post", async () => {
    const response = await postMultipart(student.client, `/json/community/topics/${open}/post/create`, {
      title: "A wide landscape",
      body: "Taken this morning",
      video: "",
      file: "0",
      video_file_upload: "0",
      image: { bytes: solidPng(1200, 900), filename: "wide.png", type: "image/png" },
    });
    expect(response.status).toBe(200);
    const post = response.body.post;
    const gallery = await student.client.post(`/json/community/gallery/${open}`);
    const image = gallery.body.images.find((entry: { post_id: number }) => entry.post_id === post.id);
    expect(image.src).toBe(post.image);
    expect(image.thumbnail).toBe(post.image.replace(/\.png$/, ".thumb.webp"));
    const thumbnail = await student.client.raw(image.thumbnail);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get("content-type")).toBe("image/webp");
    const { default: sharp } = await import("sharp");
    const meta = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 480, 360]);

    expect((await student.client.json("DELETE", `/json/community/posts/${post.id}`)).status).toBe(200);
    expect((await student.client.raw(image.thumbnail)).status).toBe(404);
    expect((await student.client.raw(post.image)).status).toBe(404);
  });

  it("answers 422 for an image above 600000 bytes, and for a file that is not a PNG, GIF or JPEG", async () => {
    const big = Buffer.concat([solidPng(2, 2), Buffer.alloc(600_001 - solidPng(2, 2).length)]);
    const tooBig = await postMultipart(student.client, `/json/community/topics/${open}/post/create`, {
      title: "A big picture",
      body: "Far too many bytes",
      image: { bytes: big, filename: "big.png", type: "image/png" },
    });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors.image).toEqual(["The file may not be larger than 600 KB."]);
    const text = await postMultipart(student.client, `/json/community/topics/${open}/post/create`, {
      title: "Not a picture",
      body: "A text file named like a picture",
      image: { bytes: Buffer.from("<script>alert(1)</script>"), filename: "x.png", type: "image/png" },
    });
    expect(text.status).toBe(422);
    expect(text.body.errors.image).toEqual(["The image must be a PNG, GIF or JPEG file."]);
  });

  it("answers 422 with field errors for the §5 rules", async () => {
    const response = await create(student.client, open, { title: "Hey", body: "tiny", video: "javascript:alert(1)" });
    expect(response.status).toBe(422);
    expect(response.body.errors.title).toEqual(["Minimum characters: 5."]);
    expect(response.body.errors.body).toEqual(["Minimum characters: 5."]);
    expect(response.body.errors.video).toEqual(["Give a YouTube or Vimeo link starting with http:// or https://."]);
    const long = await create(student.client, open, { title: "x".repeat(160), body: "Long enough" });
    expect(long.status).toBe(422);
    expect(long.body.errors.title).toEqual(["The text may not be longer than 159 characters."]);
    expect((await create(student.client, open, { title: "x".repeat(159), body: "Long enough" })).status).toBe(200);
  });

  it("answers 401 to a visitor and 419 without the CSRF token", async () => {
    const anonymous = await create(await visitor(), open, { title: "Visitor post", body: "Not allowed here" });
    expect(anonymous.status).toBe(401);
    const noToken = await student.client.post(
      `/json/community/topics/${open}/post/create`,
      { title: "No token post", body: "Missing the header" },
      { csrf: false },
    );
    expect(noToken.status).toBe(419);
  });

  it("refuses a student where students may not post (403), and lets the admin post there", async () => {
    const response = await create(student.client, readOnly, { title: "Student here", body: "Can I post?" });
    expect(response.status).toBe(403);
    expect((await create(admin, readOnly, { title: "Admin here", body: "News for all" })).status).toBe(200);
  });

  it("refuses a member whose posting a moderator paused (403), for new posts and edits", async () => {
    const post = await newPost(student.client);
    const until = new Date(Date.now() + 86_400_000).toISOString();
    await server.handle.db
      .updateTable("users")
      .set({ posting_paused_until: until })
      .where("id", "=", student.id)
      .execute();
    try {
      expect((await create(student.client, open, { title: "While paused", body: "Should not land" })).status).toBe(403);
      const edit = await student.client.json("PUT", `/json/community/posts/${post.id}`, {
        title: "Edit while paused",
        body: "Should not land",
      });
      expect(edit.status).toBe(403);
    } finally {
      await server.handle.db
        .updateTable("users")
        .set({ posting_paused_until: null })
        .where("id", "=", student.id)
        .execute();
    }
  });

  it("answers 404 for an unknown topic", async () => {
    expect((await create(student.client, 999_999, { title: "Nowhere post", body: "Lost" })).status).toBe(404);
  });
});

describe("restricted topics", () => {
  it("are refused to a visitor (401) and a student without the product (403), and open with it", async () => {
    const post = await newPost(admin, restricted, "For members only");
    expect((await (await visitor()).post(`/json/community/topics/${restricted}`)).status).toBe(401);
    const locked = await other.client.post(`/json/community/topics/${restricted}`);
    expect(locked.status).toBe(403);
    expect(locked.body.message).toBe("You need one of this topic's products to open it.");
    expect((await create(other.client, restricted, { title: "Let me in", body: "Please let me in" })).status).toBe(403);
    expect((await other.client.post("/vote", { type: "post", id: post.id, value: 1 })).status).toBe(404);
    const all = await other.client.post("/json/community");
    expect(all.body.community_topics.map((t: { id: number }) => t.id)).not.toContain(restricted);
    expect(all.body.community_posts.data.map((p: { id: number }) => p.id)).not.toContain(post.id);

    const member = await newStudent(server, "Mia Member");
    await grantAccess(server.handle.db, member.id, courseId);
    const feed = await member.client.post(`/json/community/topics/${restricted}`);
    expect(feed.status).toBe(200);
    expect(feed.body.community_topic.title).toBe("Members");
    expect(feed.body.community_posts.data.map((p: { id: number }) => p.id)).toContain(post.id);
    expect((await create(member.client, restricted, { title: "Hello members", body: "Glad to be here" })).status).toBe(
      200,
    );
    const everything = await member.client.post("/json/community");
    expect(everything.body.community_topics.map((t: { id: number }) => t.id)).toContain(restricted);
    expect(courseSlug).toBeTruthy();
  });
});

describe("the feeds", () => {
  it("page a topic by keyset newest first, pinned first, without repeating or skipping", async () => {
    const db = server.handle.db;
    const topic = await arrangeTopic(db, { title: "Busy topic" });
    const ids = await arrangePosts(db, topic, student.id, 25);
    const pinned = ids[3]!;
    expect((await admin.post(`/home/community/posts/${pinned}/pin`)).status).toBe(200);
    expect((await student.client.post(`/home/community/posts/${ids[4]}/pin`)).status).toBe(403);

    const seen: number[] = [];
    let url: string | null = `/json/community/topics/${topic}`;
    let pages = 0;
    while (url) {
      const response: { status: number; body: any } = await student.client.post(url);
      expect(response.status).toBe(200);
      const page: { data: { id: number }[]; next_page_url: string | null } = response.body.community_posts;
      if (pages === 0) expect(page.data[0]?.id).toBe(pinned);
      seen.push(...page.data.map((p: { id: number }) => p.id));
      url = page.next_page_url;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(25);
    const unpinned = seen.slice(1);
    expect(unpinned).toEqual([...unpinned].sort((a, b) => b - a));
    expect(unpinned).toEqual(ids.filter((id) => id !== pinned).reverse());

    // The posts written meanwhile do not shift the next page.
    const first = await student.client.post(`/json/community/topics/${topic}`);
    await arrangePosts(db, topic, student.id, 3);
    const second = await student.client.post(first.body.community_posts.next_page_url);
    expect(second.body.community_posts.data[0].id).toBe(first.body.community_posts.data.at(-1).id - 1);
    expect((await admin.json("DELETE", `/home/community/posts/${pinned}/pin`)).status).toBe(200);
  });

  it("the all-topics feed pages over the readable topics by id", async () => {
    const seen: number[] = [];
    let url: string | null = "/json/community";
    while (url) {
      const response: { status: number; body: any } = await student.client.post(url);
      expect(response.status).toBe(200);
      expect(response.body.community_topic).toBeNull();
      seen.push(...response.body.community_posts.data.map((p: { id: number }) => p.id));
      url = response.body.community_posts.next_page_url;
    }
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(seen.length);
    const restrictedIds = await server.handle.db
      .selectFrom("community_posts")
      .select("id")
      .where("topic_id", "=", restricted)
      .execute();
    for (const { id } of restrictedIds) expect(seen).not.toContain(id);
  });

  it("leaves hidden posts out for students, not for the admins", async () => {
    const post = await newPost(student.client, open, "Soon to be hidden");
    await server.handle.db
      .updateTable("community_posts")
      .set({ hidden_at: new Date().toISOString() })
      .where("id", "=", post.id)
      .execute();
    const forStudent = await student.client.post(`/json/community/topics/${open}`);
    expect(forStudent.body.community_posts.data.map((p: { id: number }) => p.id)).not.toContain(post.id);
    const all = await student.client.post("/json/community");
    expect(all.body.community_posts.data.map((p: { id: number }) => p.id)).not.toContain(post.id);
    const forAdmin = await admin.post(`/json/community/topics/${open}`);
    const shown = forAdmin.body.community_posts.data.find((p: { id: number }) => p.id === post.id);
    expect(shown.hidden).toBe(true);
    expect((await student.client.post("/comments", { type: "post", id: post.id, body: "Hi", file: 0 })).status).toBe(
      404,
    );
    expect(
      (await student.client.json("PUT", `/json/community/posts/${post.id}`, { title: "Edit it", body: "Again" }))
        .status,
    ).toBe(404);
  });

  it("answers a visitor the public topics", async () => {
    const response = await (await visitor()).post(`/json/community/topics/${open}`);
    expect(response.status).toBe(200);
    expect(response.body.can_post).toBe(false);
  });
});

describe("PUT, POST and DELETE /json/community/posts/{id}", () => {
  it("lets the author edit with PUT and POST; another student gets 404, the admin may", async () => {
    const post = await newPost(student.client);
    const put = await student.client.json("PUT", `/json/community/posts/${post.id}`, {
      title: "An edited question",
      body: "Edited body text",
    });
    expect(put.status).toBe(200);
    expect(put.body.post).toMatchObject({ id: post.id, title: "An edited question", body: "Edited body text" });
    const viaPost = await postMultipart(student.client, `/json/community/posts/${post.id}`, {
      title: "Edited again",
      body: "With a picture now",
      image: { bytes: solidPng(10, 10), filename: "a.png", type: "image/png" },
    });
    expect(viaPost.status).toBe(200);
    expect(viaPost.body.post.image).toMatch(/^\/files\/images\/posts\//);
    const removed = await student.client.post(`/json/community/posts/${post.id}`, {
      title: "Edited again",
      body: "Without the picture",
      image_delete: "1",
    });
    expect(removed.body.post.image).toBeNull();
    expect((await student.client.raw(viaPost.body.post.image)).status).toBe(404);

    const foreign = await other.client.json("PUT", `/json/community/posts/${post.id}`, {
      title: "Not mine to edit",
      body: "Should not work",
    });
    expect(foreign.status).toBe(404);
    const invalid = await student.client.json("PUT", `/json/community/posts/${post.id}`, { title: "x", body: "y" });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(["body", "title"]);
    const byAdmin = await admin.json("PUT", `/json/community/posts/${post.id}`, {
      title: "Moderated title",
      body: "Moderated body",
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.post.student_id).toBe(student.id);
    const anonymous = await (
      await visitor()
    ).json("PUT", `/json/community/posts/${post.id}`, {
      title: "Visitor edit",
      body: "Visitor edit",
    });
    expect(anonymous.status).toBe(401);
    const noToken = await student.client.json(
      "PUT",
      `/json/community/posts/${post.id}`,
      { title: "No token edit", body: "No token edit" },
      { csrf: false },
    );
    expect(noToken.status).toBe(419);
  });

  it("deletes a post with its comments and votes; another student gets 404", async () => {
    const post = await newPost(student.client);
    const comment = await other.client.post("/comments", { type: "post", id: post.id, body: "Nice one", file: 0 });
    expect(comment.status).toBe(200);
    expect((await other.client.post("/vote", { type: "post", id: post.id, value: 1 })).status).toBe(200);
    expect((await other.client.json("DELETE", `/json/community/posts/${post.id}`)).status).toBe(404);
    expect((await (await visitor()).json("DELETE", `/json/community/posts/${post.id}`)).status).toBe(401);
    expect(
      (await student.client.json("DELETE", `/json/community/posts/${post.id}`, undefined, { csrf: false })).status,
    ).toBe(419);
    const gone = await student.client.json("DELETE", `/json/community/posts/${post.id}`);
    expect(gone.status).toBe(200);
    const db = server.handle.db;
    expect(await db.selectFrom("community_posts").select("id").where("id", "=", post.id).execute()).toEqual([]);
    expect(await db.selectFrom("comments").select("id").where("id", "=", comment.body.comment.id).execute()).toEqual(
      [],
    );
    expect(
      await db
        .selectFrom("votes")
        .select("id")
        .where("votable_type", "=", "post")
        .where("votable_id", "=", post.id)
        .execute(),
    ).toEqual([]);
    expect((await student.client.json("DELETE", `/json/community/posts/${post.id}`)).status).toBe(404);
  });

  it("lets the admin delete anyone's post", async () => {
    const post = await newPost(other.client);
    expect((await admin.json("DELETE", `/json/community/posts/${post.id}`)).status).toBe(200);
  });
});

describe("comments and votes on posts (the discussion's kind 'post')", () => {
  it("counts comments on create and delete, lists them, and counts up votes", async () => {
    const post = await newPost(student.client);
    const first = await other.client.post("/comments", { type: "post", id: post.id, body: "First!", file: 0 });
    expect(first.status).toBe(200);
    const second = await student.client.post("/comments", { type: "post", id: post.id, body: "Thanks", file: 0 });
    expect(second.status).toBe(200);
    const count = async () =>
      Number(
        (
          await server.handle.db
            .selectFrom("community_posts")
            .select("comments_count")
            .where("id", "=", post.id)
            .executeTakeFirstOrThrow()
        ).comments_count,
      );
    expect(await count()).toBe(2);
    const list = await student.client.post(`/json/community/posts/${post.id}/comments`, {});
    expect(list.status).toBe(200);
    expect(list.body.comments.map((c: { id: number }) => c.id)).toEqual([
      second.body.comment.id,
      first.body.comment.id,
    ]);
    expect((await (await visitor()).post(`/json/community/posts/${post.id}/comments`, {})).status).toBe(401);
    expect((await other.client.json("DELETE", `/comments/${first.body.comment.id}`)).status).toBe(200);
    expect(await count()).toBe(1);

    const reply = await student.client.post(`/comment/${second.body.comment.id}/reply`, { body: "A reply" });
    expect(reply.status).toBe(200);

    const up = await other.client.post("/vote", { type: "post", id: post.id, value: 1 });
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ type: "post", id: post.id, votes: [{ value: 1 }], up_votes_count: 1, value: 1 });
    const down = await other.client.post("/vote", { type: "post", id: post.id, value: -1 });
    expect(down.body.up_votes_count).toBe(0);
    const feed = await other.client.post(`/json/community/topics/${open}`);
    const shown = feed.body.community_posts.data.find((p: { id: number }) => p.id === post.id);
    expect(shown).toMatchObject({ comments_count: 1, up_votes_count: 0, votes: [{ value: -1 }] });
    expect((await (await visitor()).post("/vote", { type: "post", id: post.id, value: 1 })).status).toBe(401);
  });

  it("queues the topic's e-mails for a new post and a new comment, in their transactions", async () => {
    const jobKeys = async () =>
      (await server.handle.db.selectFrom("jobs").select("unique_key").execute()).map((row) => row.unique_key);
    const post = await newPost(student.client);
    expect(await jobKeys()).toContain(`community.notify_post:${post.id}`);
    const comment = await other.client.post("/comments", { type: "post", id: post.id, body: "Me too", file: 0 });
    expect(comment.status).toBe(200);
    expect(await jobKeys()).toContain(`community.notify_comment:${comment.body.comment.id}`);
  });
});
