// Figures 9 and 12 of SECURITY.md, measured over the server's own route table (logged at start in test mode by
// server/app.ts), so that a route added later is swept without anyone listing it:
// - IDOR: student B calls every route that names an object (a path parameter, or an id in the body) with
//   student A's objects, and every admin route: 0 successes, 404 (403 only on the admin's routes), nothing changed.
// - CSRF: every state-changing route, called by the admin (who may do everything) without the token header, then
//   with the token but a foreign Origin: 100% answered 419, nothing changed.
// A route neither sweep can build a request for is listed below with its reason; a new route in neither fails.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteTableEntry } from "#server/app.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import {
  arrangeDiscussionCourse,
  grantAccess,
  newStudent,
  postComment,
  postReply,
} from "../helpers/discussion-fixtures.ts";
import { addSale } from "../helpers/invoice-fixtures.ts";
import { logInAs } from "../helpers/accounts.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { invitationLinkFor } from "./access-helpers.ts";
import { addProduct, grantProduct } from "./products-helpers.ts";
import { addPromoCode, courseProductId } from "./selling-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let studentB: BrowserClient;
let moderator: BrowserClient;
let routes: RouteTableEntry[];
let pages: string[];

/** Student A's objects (and the admin's, for the admin's routes): what the sweeps put in the paths and bodies. */
type Objects = {
  courseId: number;
  courseSlug: string;
  sectionId: number;
  lectureId: number;
  componentId: number;
  userId: number;
  commentId: number;
  replyId: number;
  visibleCommentId: number;
  visibleReplyId: number;
  reviewId: number;
  transactionId: number;
  transactionHash: string;
  /** B's own course and team purchase of it */
  otherCourseId: number;
  otherTransactionId: number;
  invoiceId: number;
  invitationId: number;
  invitationToken: string;
  videoId: number;
  jobId: number;
  productId: number;
  productSlug: string;
  promoCodeId: number;
  affiliateId: number;
  /** a restricted community topic A holds the key to (B does not), and A's post in it */
  topicId: number;
  postId: number;
  /** a survey shown in A's course after the paid lecture (A completed it; B has no access) */
  surveyId: number;
  /** a membership plan (the school's) and A's membership of it */
  planId: number;
  membershipId: number;
  /** the invoice of A's membership's first charge */
  membershipInvoiceId: number;
  /** A's certificate of the course (its row and its public id) */
  certificateId: number;
  certificatePublicId: string;
  /** an exam of A's course (B has no access) and A's open attempt at it */
  examId: number;
  examAttemptId: number;
};
let o: Objects;

// ---------------------------------------------------------------------------------------------------------------
// The route table

/** Not part of the API: the pages' catch-all (React Router) and the built client files (fastify-static). */
function isApiRoute(route: RouteTableEntry): boolean {
  if (route.url === "/*") return false;
  return !(route.methods.every((m) => m === "GET" || m === "HEAD") && /\.[a-z0-9]+$/i.test(route.url));
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** One request per route and method; HEAD is GET's twin and is swept as GET, except where there is no GET. */
function requestsOf(table: RouteTableEntry[]): { method: string; url: string }[] {
  const seen = new Set<string>();
  const out: { method: string; url: string }[] = [];
  for (const route of table.filter(isApiRoute)) {
    for (const method of route.methods) {
      if (method === "OPTIONS") continue;
      const hasGet = table.some((r) => r.url === route.url && r.methods.includes("GET"));
      if (method === "HEAD" && hasGet) continue;
      const key = `${method} ${route.url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ method, url: route.url });
    }
  }
  return out;
}

function paramsOf(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z]+)(\([^)]*\))?|\*/g)].map((m) => m[1] ?? "*");
}

/** The value of a path parameter: A's object of that kind (by the parameter's name, and for :id, the path). */
function valueOf(url: string, param: string): string | undefined {
  const byName: Record<string, () => string> = {
    courseId: () => String(o.courseId),
    sectionId: () => String(o.sectionId),
    lectureId: () => String(o.lectureId),
    componentId: () => String(o.componentId),
    userId: () => String(o.userId),
    studentId: () => String(o.userId),
    invitationId: () => String(o.invitationId),
    token: () => o.invitationToken,
    provider: () => "ifirma",
    productId: () => String(o.productId),
    transactionId: () => String(o.transactionId),
    topicId: () => String(o.topicId),
    planId: () => String(o.planId),
    attemptId: () => String(o.examAttemptId),
    membershipId: () => String(o.membershipId),
    // Webhooks are the school's (admin routes: a student is refused before any look-up), so any id does.
    deliveryId: () => "1",
    // So are articles.
    articleId: () => "1",
    // Pages and their blocks are the school's (admin routes), so any id does.
    pageId: () => "1",
    subpageId: () => "1",
    blockId: () => "1",
    // Tags are the school's (admin routes: a student is refused before any look-up), so any id does.
    tagId: () => "1",
    // So are tag rules.
    ruleId: () => "1",
  };
  if (byName[param]) return byName[param]();
  const idByPath: [RegExp, () => number][] = [
    [/^\/comments?\/:id/, () => o.commentId],
    [/^\/replies\/:id/, () => o.replyId],
    [/^\/(json\/lectures|lecture)\/:id/, () => o.lectureId],
    [/^\/(tus\/)?videos\/:id/, () => o.videoId],
    [/^\/my\/invoices\/:id/, () => o.invoiceId],
    [/^\/my\/membership\/invoices\/:id/, () => o.membershipInvoiceId],
    [/^\/home\/reviews\/:id/, () => o.reviewId],
    [/^\/home\/jobs\/:id/, () => o.jobId],
    [/^\/home\/webhooks\/:id/, () => 1],
    // Lead forms and leads are the school's (admin routes: a student is refused before any look-up).
    [/^\/home\/leads\/(forms\/)?:id/, () => 1],
    // Articles are the school's (admin routes: a student is refused before any look-up), so any id does.
    [/^\/home\/articles\/:id/, () => 1],
    [/^\/home\/products\/:id/, () => o.productId],
    [/^\/home\/promo-codes\/:id/, () => o.promoCodeId],
    [/^\/home\/affiliates\/:id/, () => o.affiliateId],
    [/^\/home\/transactions\/:id/, () => o.transactionId],
    [/^\/home\/students\/imports\/:id/, () => 1],
    [/^\/home\/students\/:id/, () => o.userId],
    // Team members are the owner's to manage (admin routes: anyone else is refused before any look-up).
    [/^\/home\/team\/:id/, () => o.userId],
    [/^\/(json\/)?community\/topics\/:id/, () => o.topicId],
    [/^\/home\/community\/:id/, () => o.topicId],
    [/^\/home\/memberships\/members\/:id/, () => o.membershipId],
    [/^\/home\/memberships\/:id/, () => o.planId],
    [/^\/(json|home)?\/?community\/posts\/:id/, () => o.postId],
    [/^\/(survey|home\/surveys)\/:id/, () => o.surveyId],
    [/^\/home\/certificates\/:id/, () => o.certificateId],
    [/^\/(my|home)\/exams\/attempts\/:id/, () => o.examAttemptId],
    [/^\/(my|home)\/exams\/:id/, () => o.examId],
  ];
  if (param === "id" && url.startsWith("/my/certificates/")) return o.certificatePublicId;
  if (param === "id") {
    const found = idByPath.find(([pattern]) => pattern.test(url));
    return found ? String(found[1]()) : undefined;
  }
  if (param === "slug") return /^\/(my\/)?products\//.test(url) ? o.productSlug : o.courseSlug;
  if (param === "hash") return o.transactionHash;
  if (param === "*" && url === "/files/*") return `lectures/${o.lectureId}/notes.pdf`;
  return undefined;
}

/** The concrete path of a route for A's objects, or undefined when a parameter has no rule. */
function pathOf(url: string): string | undefined {
  let path = url;
  for (const param of paramsOf(url)) {
    const value = valueOf(url, param);
    if (value === undefined) return undefined;
    path =
      param === "*" ? path.replace("*", value) : path.replace(new RegExp(`:${param}(\\([^)]*\\))?`), encodeURI(value));
  }
  return path;
}

// Routes that name an object in their body rather than their path: the body the IDOR sweep sends.
const objectBodies: Record<string, () => Record<string, unknown>> = {
  "POST /vote": () => ({ type: "comment", id: o.commentId, value: 1 }),
  "POST /comments": () => ({ type: "lecture", id: o.lectureId, body: "Not my lecture", file: 0 }),
  "POST /json/report": () => ({ type: "comment", id: o.commentId, reason: "spam" }),
  "POST /favourites": () => ({ kind: "lecture", id: o.lectureId, favourite: true }),
  "POST /survey/submit": () => ({ survey_id: o.surveyId, response: { "your-view": "Not my course" } }),
  "POST /my/membership/cancel": () => ({ membership_id: o.membershipId, confirm: "CANCEL" }),
  "POST /my/membership/cancel-survey": () => ({ membership_id: o.membershipId, reason: "expensive" }),
  "POST /my/membership/resume": () => ({ membership_id: o.membershipId }),
  "POST /my/membership/withdraw": () => ({ membership_id: o.membershipId }),
  "POST /my/membership/retention": () => ({ membership_id: o.membershipId, accept: true }),
  "POST /my/membership/card": () => ({
    membership_id: o.membershipId,
    cypher: Buffer.alloc(128, 1).toString("base64"),
  }),
  "POST /my/membership/stripe-card": () => ({ membership_id: o.membershipId }),
  "POST /home/access-manager/:courseId": () => ({
    course_id: o.courseId,
    parent_transaction_id: o.transactionId,
    name: "Mallory",
    email: "mallory@example.com",
  }),
  "POST /tus/videos": () => ({}),
};

// Routes that name no object of anyone else (they act on the caller's own account, or read public data), or
// whose parameter is a capability or a public name rather than an object id. Each with its reason.
const notObjectRoutes: Record<string, string> = {
  "POST /register": "creates the caller's own account",
  "POST /login": "the caller's own session",
  "POST /logout": "the caller's own session",
  "POST /forgot-password": "answers alike for every address (accounts tests)",
  "POST /reset-password": "the reset token is the capability (accounts tests)",
  "GET /csrf-token": "the caller's own token",
  "POST /survey/due": "the caller's own due survey; a course the caller cannot reach yields none (surveys.test.ts)",
  "GET /assets/*": "the build's hashed scripts and styles, the same for everyone (compression.test.ts)",
  "HEAD /assets/*": "the build's hashed scripts and styles, the same for everyone (compression.test.ts)",
  "GET /status": "the process's health for load balancers (status.test.ts): no object, no data",
  "GET /my/account": "the caller's own account",
  "PUT /my/account": "the caller's own account",
  "POST /my/account/email": "the caller's own account",
  "POST /my/account/password": "the caller's own account",
  "POST /my/account/notifications": "the caller's own account",
  "POST /my/account/export": "the caller's own data (privacy.test.ts)",
  "DELETE /my/account": "the caller's own account, erased (privacy.test.ts)",
  "POST /my/account/erase": "the caller's own account, erased (privacy.test.ts)",
  "POST /setup": "only before the school exists (409 after)",
  "POST /search": "public catalog",
  "POST /json/reviews": "a course's approved reviews are public",
  "POST /json/reviews/store": "the caller's own review (403 without access: reviews tests)",
  "POST /:slug/onepagecheckout": "a public offer's slug: anyone may buy",
  "POST /:slug/onepagecheckoutregister": "a public offer's slug: anyone may buy",
  "POST /products/:slug/onepagecheckout": "a public offer's slug: anyone may buy",
  "POST /products/:slug/onepagecheckoutregister": "a public offer's slug: anyone may buy",
  "POST /checkout/login": "the caller's own session",
  "POST /checkout/register": "creates the caller's own account",
  "POST /json/promo-code": "a public price check",
  "POST /transaction/:hash/pending": "the 128-bit hash in the buyer's address is the capability; it only reads",
  "POST /payments/test/:hash/pay": "the test provider's page (never in production); the hash is the capability",
  "POST /payments/test/:hash/fail": "the test provider's page (never in production); the hash is the capability",
  "POST /payments/:provider/notify": "the provider's notification, no session: verified by its signature",
  "POST /webhooks/bunny": "the video host's notification, no session: verified by its signature",
  "PUT /uploads/*": "a signed upload address: its signature is the capability",
  "POST /json/community": "the feed of the topics the caller may read",
  "POST /json/community/gallery": "the gallery of the topics the caller may read",
  "POST /json/community/gallery-preview": "the gallery of the topics the caller may read",
  "POST /json/community/gallery/:topicId":
    "a topic is the school's, not a user's: a restricted one is refused without its key (community-gallery.test.ts)",
  "POST /json/community/gallery-preview/:topicId":
    "a topic is the school's, not a user's: a restricted one is refused without its key (community-gallery.test.ts)",
  "POST /json/email-notification": "the caller's own notification setting for a topic they may read",
  "POST /json/pages/countdowns/:blockId":
    "a published page's countdown is the school's, not a user's: the caller's own deadline (pages.test.ts)",
  "POST /subscribe/checkout": "a plan is the school's public offer: anyone signed in may subscribe",
  "POST /subscribe/checkout/register": "creates the caller's own account and subscribes it",
  "POST /subscribe/test/:hash/pay": "the test provider's page (never in production); the hash is the capability",
  "POST /subscribe/test/:hash/decline": "the test provider's page (never in production); the hash is the capability",
  "GET /my/membership": "the caller's own memberships",
  "GET /my/membership/card":
    "the caller's own membership; another's id in ?membership= is a 404 (memberships-card.test.ts)",
  "POST /stripe/subscribe/checkout": "a plan is the school's public offer: anyone signed in may subscribe",
  "POST /lead": "a lead form is the school's public form: anyone may leave a lead (leads.test.ts)",
  "POST /leads/confirm/:token": "the random token mailed to the lead's address is the capability (leads.test.ts)",
  "POST /community/unsubscribe/:token":
    "the signed token mailed to the subscriber is the capability (RFC 8058 one-click)",
  "POST /json/community/topics/:id":
    "a topic is the school's, not a user's: public ones are open, a restricted one answers 403 without its key (community-posts.test.ts)",
  "POST /json/community/topics/:id/post/create":
    "writes the caller's own post in a school's topic (403 without the topic's key: community-posts.test.ts)",
};

/**
 * The admin's area: a student may get 403 (not an admin) as well as 404. The access manager is a buyer's.
 * POST /student (spec §7) is the admins' too, outside /home.
 */
function isAdminRoute(url: string): boolean {
  return (
    (url.startsWith("/home/") && !url.startsWith("/home/access-manager/")) ||
    url.startsWith("/tus/") ||
    url === "/student"
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Calling a route

const TUS_HEADERS = { "tus-resumable": "1.0.0" };

async function call(
  client: BrowserClient,
  method: string,
  path: string,
  body: Record<string, unknown>,
  options: { csrf?: false; headers?: Record<string, string> } = {},
): Promise<number> {
  const headers = { ...TUS_HEADERS, ...options.headers };
  if (method === "PATCH") {
    Object.assign(headers, { "content-type": "application/offset+octet-stream", "upload-offset": "0" });
  }
  if (path === "/tus/videos") {
    Object.assign(headers, {
      "upload-length": "10",
      "upload-metadata": `video_id ${Buffer.from(String(o.videoId)).toString("base64")}`,
    });
  }
  // A tus PATCH carries bytes (its content type above), the rest JSON.
  const sendsBody = method !== "GET" && method !== "HEAD" && method !== "PATCH";
  const response = await client.json(method, path, sendsBody ? body : undefined, { csrf: options.csrf, headers });
  return response.status;
}

/** Runs the calls a few at a time (the machine is shared; the server is one process). */
async function inBatches<T, R>(items: T[], run: (item: T) => Promise<R>, size = 4): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  return results;
}

// Every table a successful call could change, read whole, to show that nothing changed.
const watchedTables = [
  "users",
  "courses",
  "course_sections",
  "lectures",
  "lecture_components",
  "course_access",
  "lecture_progress",
  "comments",
  "replies",
  "votes",
  "reviews",
  "uploads",
  "videos",
  "products",
  "product_variants",
  "product_access",
  "promo_codes",
  "affiliate_codes",
  "transactions",
  "invitations",
  "invoices",
  "integrations",
  "school",
  "community_topics",
  "community_posts",
  "membership_plans",
  "memberships",
  "membership_cancellations",
] as const;

async function snapshot(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of watchedTables) {
    const rows = await server.handle.db.selectFrom(table).selectAll().execute();
    out[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  // Jobs the calls might queue (mails, webhooks, invoices); their count is enough. Scheduled jobs (a slot every
  // minute, platform/jobs/schedule.ts) come with the clock, not with a call.
  const queued = await server.handle.db
    .selectFrom("jobs")
    .select("id")
    .where((eb) => eb.or([eb("unique_key", "is", null), eb("unique_key", "not like", "schedule:%")]))
    .execute();
  out.jobs = [String(queued.length)];
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Arranging A's objects

beforeAll(async () => {
  server = await startTestServer();
  const entry = server.logs.find((line) => line.msg === "route table");
  routes = (entry?.routes ?? []) as RouteTableEntry[];
  pages = (server.logs.find((line) => line.msg === "page table")?.pages ?? []) as string[];
  admin = await setUpSchool(server);
  const db = server.handle.db;
  // A moderator of the school (the owner's invitation promotes a student; the promotion ends their sessions).
  const mod = await newStudent(server, "Moe Moderator");
  const promoted = await admin.post("/home/team", { name: "Moe Moderator", email: mod.email, role: "moderator" });
  expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
  moderator = await logInAs(server, mod.email, "student-secret");
  const now = new Date().toISOString();

  const course = await arrangeDiscussionCourse(db, {
    lectures: { free: { access: "free" }, paid: { access: "paid" } },
  });
  const a = await newStudent(server, "Ada Owner");
  const b = await newStudent(server, "Ben Prober");
  studentB = b.client;
  await grantAccess(db, a.id, course.id);
  const section = await db
    .selectFrom("lectures")
    .select("section_id")
    .where("id", "=", course.lectures.paid)
    .executeTakeFirstOrThrow();

  // Discussion: a thread B cannot see (paid lecture) and one B can see (free lecture).
  const hidden = await postComment(a.client, course.lectures.paid, "A's question on a paid lecture");
  const hiddenReply = await postReply(a.client, hidden.id, "A's own follow-up");
  const visible = await postComment(a.client, course.lectures.free, "A's question on a free lecture");
  const visibleReply = await postReply(a.client, visible.id, "A's own follow-up, in the open");

  // Learning: A's note and progress on the paid lecture.
  expect((await a.client.post(`/lecture/${course.lectures.paid}/notes`, { note: "A's private note" })).status).toBe(
    200,
  );
  expect((await a.client.post(`/lecture/${course.lectures.paid}/complete`)).status).toBe(200);

  // A's review, A's team purchase with an invitation and an invoice.
  const stored = await a.client.post("/json/reviews/store", { course_id: course.id, rating: 10, body: "Very good" });
  expect(stored.status, JSON.stringify(stored.body)).toBe(200);
  const productId = await courseProductId(server, course.id);
  const sale = await addSale(db, { userId: a.id, productId, quantity: 3, currency: "EUR" });
  await db.updateTable("transactions").set({ access_granted_at: now }).where("id", "=", sale.id).execute();
  const invited = await a.client.post(`/home/access-manager/${course.id}`, {
    course_id: course.id,
    parent_transaction_id: sale.id,
    name: "Ivy Invited",
    email: "ivy.sweep@example.com",
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  const { token } = await invitationLinkFor(server, "ivy.sweep@example.com");
  const otherCourse = await arrangeDiscussionCourse(db, { lectures: { only: { access: "paid" } } });
  const otherSale = await addSale(db, {
    userId: b.id,
    productId: await courseProductId(server, otherCourse.id),
    quantity: 3,
    currency: "EUR",
  });
  await db.updateTable("transactions").set({ access_granted_at: now }).where("id", "=", otherSale.id).execute();
  const own = await b.client.post(`/home/access-manager/${otherCourse.id}`, {
    course_id: otherCourse.id,
    parent_transaction_id: otherSale.id,
    name: "Bob Seat",
    email: "bob.seat@example.com",
  });
  expect(own.status, JSON.stringify(own.body)).toBe(200);
  const invoice = await db
    .insertInto("invoices")
    .values({
      transaction_id: sale.id,
      provider: "ifirma",
      status: "issued",
      number: "FV 1/2026",
      external_id: "1",
      pdf_url: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  // A file product A bought; a lecture component and a video of the paid lecture; a promo and an affiliate code.
  const product = await addProduct(server, {
    kind: "file",
    slug: "a-private-file",
    title: "A's file",
    file_key: "products/x/a.pdf",
    file_name: "a.pdf",
  });
  await grantProduct(server, a.email, product.id);
  const component = await db
    .insertInto("lecture_components")
    .values({
      lecture_id: course.lectures.paid,
      kind: "markdown",
      position: 1,
      data: '{"markdown":"x"}',
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const video = await db
    .insertInto("videos")
    .values({
      provider: "local",
      storage_key: `videos/x/video.mp4`,
      external_id: null,
      status: 3,
      user_id: null,
      lecture_id: course.lectures.paid,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const promoCodeId = await addPromoCode(server, { code: "SWEEP10", amount: 10 });
  const affiliate = await db
    .insertInto("affiliate_codes")
    .values({
      code: "sweep",
      code_key: "SWEEP",
      name: "Affi Liate",
      commission_percent: 10,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const topic = await db
    .insertInto("community_topics")
    .values({ title: "Members", visibility: "restricted", created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("community_topic_products").values({ topic_id: topic.id, product_id: productId }).execute();
  const post = await a.client.post(`/json/community/topics/${topic.id}/post/create`, {
    title: "A's members-only post",
    body: "Only for those with the key",
  });
  expect(post.status, JSON.stringify(post.body)).toBe(200);
  const survey = await admin.post("/home/surveys", {
    title: "After the paid lecture",
    questions: [{ type: "text", title: "Your view" }],
    placement: "course_lecture",
    course_id: course.id,
    lecture_id: course.lectures.paid,
  });
  expect(survey.status, JSON.stringify(survey.body)).toBe(200);
  const exam = await admin.post("/home/exams", {
    title: "A's course exam",
    course_id: course.id,
    pass_percent: 50,
    questions: [{ type: "textarea", title: "Your view", points: 2 }],
  });
  expect(exam.status, JSON.stringify(exam.body)).toBe(200);
  const attempt = await a.client.post(`/my/exams/${exam.body.exam.id}/start`);
  expect(attempt.status, JSON.stringify(attempt.body)).toBe(200);
  const job = await db.selectFrom("jobs").select("id").orderBy("id").executeTakeFirstOrThrow();
  const review = await db.selectFrom("reviews").select("id").where("user_id", "=", a.id).executeTakeFirstOrThrow();
  const invitation = await db
    .selectFrom("invitations")
    .select("id")
    .where("email", "=", "ivy.sweep@example.com")
    .executeTakeFirstOrThrow();

  o = {
    courseId: course.id,
    courseSlug: course.slug,
    sectionId: section.section_id,
    lectureId: course.lectures.paid,
    componentId: component.id,
    userId: a.id,
    commentId: hidden.id,
    replyId: hiddenReply.id,
    visibleCommentId: visible.id,
    visibleReplyId: visibleReply.id,
    reviewId: review.id,
    transactionId: sale.id,
    transactionHash: sale.hash,
    otherCourseId: otherCourse.id,
    otherTransactionId: otherSale.id,
    invoiceId: invoice.id,
    invitationId: invitation.id,
    invitationToken: token,
    videoId: video.id,
    jobId: job.id,
    productId: product.id,
    productSlug: "a-private-file",
    promoCodeId,
    affiliateId: affiliate.id,
    topicId: topic.id,
    postId: post.body.post.id,
    surveyId: survey.body.survey.id,
    examId: exam.body.exam.id,
    examAttemptId: attempt.body.attempt.id,
    ...(await arrangeMembership(a.id)),
    ...(await arrangeCertificate(a.id, course.id)),
  };
});
afterAll(() => server?.stop());

/** A's certificate of the course (written directly: the sweeps need only the row). */
async function arrangeCertificate(userId: number, courseId: number) {
  const publicId = "SweepCertificateAAAAAA";
  const row = await server.handle.db
    .insertInto("certificates")
    .values({
      public_id: publicId,
      user_id: userId,
      course_id: courseId,
      student_name: "Student A",
      course_title: "Sweep course",
      issued_at: new Date().toISOString(),
      expires_at: null,
      revoked_at: null,
      replaces_id: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { certificateId: row.id, certificatePublicId: publicId };
}

/** A plan of the school's, and A's active membership of it (written directly: the sweeps need only the rows). */
async function arrangeMembership(
  userId: number,
): Promise<{ planId: number; membershipId: number; membershipInvoiceId: number }> {
  const now = new Date().toISOString();
  const plan = await server.handle.db
    .insertInto("membership_plans")
    .values({
      name: "Sweep plan",
      price_cents: 1000,
      currency: "EUR",
      period_months: 1,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const membership = await server.handle.db
    .insertInto("memberships")
    .values({
      user_id: userId,
      plan_id: plan.id,
      status: "active",
      price_cents: 1000,
      vat_rate: 23,
      currency: "EUR",
      period_months: 1,
      provider: "test",
      checkout_hash: "sweep-membership-hash",
      current_period_end: "2099-01-01T00:00:00.000Z",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const charge = await server.handle.db
    .insertInto("membership_charges")
    .values({
      membership_id: membership.id,
      period_number: 1,
      idempotency_key: `membership:${membership.id}:period:1`,
      amount_cents: 1000,
      currency: "EUR",
      status: "succeeded",
      provider: "test",
      paid_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const invoice = await server.handle.db
    .insertInto("membership_invoices")
    .values({
      charge_id: charge.id,
      provider: "fakturownia",
      status: "issued",
      number: "FV 1/2026",
      external_id: "1",
      pdf_url: "https://example.com/invoice.pdf",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { planId: plan.id, membershipId: membership.id, membershipInvoiceId: invoice.id };
}

// ---------------------------------------------------------------------------------------------------------------

describe("the route table", () => {
  it("is logged by the server in test mode and holds the API", () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toContainEqual({ methods: ["DELETE"], url: "/comments/:id" });
  });
});

describe("Figure 9: IDOR sweep, student B against student A's objects", () => {
  it("every route that names an object answers 404 (403 for an admin route) and changes nothing", async () => {
    const calls: { key: string; method: string; path: string; body: Record<string, unknown>; admin: boolean }[] = [];
    const unbuildable: string[] = [];
    for (const { method, url } of requestsOf(routes)) {
      const key = `${method} ${url}`;
      if (notObjectRoutes[key]) continue;
      const named = paramsOf(url).length > 0 || objectBodies[key] !== undefined;
      if (!named && !isAdminRoute(url)) {
        unbuildable.push(`${key} (names no object: list it in notObjectRoutes with a reason, or give it a body)`);
        continue;
      }
      const path = pathOf(url);
      if (!path) {
        unbuildable.push(`${key} (no value for its parameters: add a rule to valueOf)`);
        continue;
      }
      calls.push({ key, method, path, body: objectBodies[key]?.() ?? {}, admin: isAdminRoute(url) });
    }
    // A's visible thread: B sees it, but deleting it or turning it into a review is not B's to do.
    for (const [method, path] of [
      ["DELETE", `/comments/${o.visibleCommentId}`],
      ["DELETE", `/replies/${o.visibleReplyId}`],
      ["POST", `/comments/${o.visibleCommentId}/review`],
    ] as const) {
      calls.push({ key: `${method} ${path} (visible)`, method, path, body: { rating: 10 }, admin: false });
    }
    // B's own team purchase of a second course, mixed with A's ids: B manages B's seats only.
    const seat = { name: "Mallory", email: "mallory@example.com" };
    for (const [method, path, body] of [
      ["DELETE", `/home/access-manager/${o.otherCourseId}/${o.invitationId}`, {}],
      [
        "POST",
        `/home/access-manager/${o.otherCourseId}`,
        { course_id: o.otherCourseId, parent_transaction_id: o.transactionId, ...seat },
      ],
      [
        "POST",
        `/home/access-manager/${o.courseId}`,
        { course_id: o.courseId, parent_transaction_id: o.otherTransactionId, ...seat },
      ],
    ] as const) {
      calls.push({ key: `${method} ${path} (B's course or purchase)`, method, path, body, admin: false });
    }
    expect(unbuildable).toEqual([]);

    const before = await snapshot();
    const statuses = await inBatches(calls, (c) => call(studentB, c.method, c.path, c.body));
    const wrong = calls
      .map((c, i) => ({ call: c.key, status: statuses[i]! }))
      .filter((r, i) => !(calls[i]!.admin ? [403, 404] : [404]).includes(r.status));
    expect(wrong).toEqual([]);
    expect(statuses.filter((s) => s < 400)).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // The sweep covered every kind of object it claims to.
    expect(calls.length).toBeGreaterThan(60);
  });
});

describe("Figure 9 for pages: student B opens every page that names an object with student A's ids", () => {
  // Pages whose parameter is public (a course's or offer's slug: the catalog) or a capability (a secret mailed
  // or given to its holder). Each with its reason.
  const publicOrCapability: Record<string, string> = {
    "/:slug": "a course's public sales page",
    "/:slug/checkout": "a public offer: anyone may buy",
    "/:slug/watch": "a course's public curriculum",
    "/:slug/watch/login": "a course's public curriculum",
    "/:slug/watch/:lectureId": "the curriculum is public; a paid lecture sends a non-buyer to the checkout",
    "/products/:slug": "a public offer",
    "/products/:slug/checkout": "a public offer: anyone may buy",
    "/transaction/:hash": "the 128-bit hash in the buyer's address is the capability",
    "/payments/test/:hash": "the test provider's page (never in production); the hash is the capability",
    "/subscribe/test/:hash": "the test provider's membership page (never in production); the hash is the capability",
    "/invitations/:token": "the token mailed to the invited address is the capability (the page prefills it)",
    "/*": "the not-found page",
    "/community/topics/:id":
      "a topic is the school's: public ones are open, a restricted one shows the 403 page naming its products (community-pages.test.ts)",
    "/community/gallery/:topicId": "a topic's gallery: the school's, refused without the key like the topic",
    "/certificates/:id":
      "the public verification page: the certificate's 128-bit random id (printed as a QR code) is the capability",
    "/community/posts/:id":
      "read by its topic's readers: a restricted topic's post shows that 403 page too; hidden posts are 404 (community-pages.test.ts)",
  };

  it("answers 404 to every one, admin pages included", async () => {
    expect(pages).toContain("/home/courses/:courseId");
    const swept = pages.filter(
      (page) => !publicOrCapability[page] && (paramsOf(page).length > 0 || page.startsWith("/home")),
    );
    const unbuildable = swept.filter((page) => !pathOf(page));
    expect(unbuildable).toEqual([]);
    const paths = swept.map((page) => {
      const path = pathOf(page)!;
      // The team buyer's page also names the purchase.
      return page === "/home/access-manager/:courseId" ? `${path}?transaction=${o.transactionId}` : path;
    });
    const statuses = await inBatches(paths, async (path) => (await studentB.page(path)).status);
    expect(paths.map((path, i) => ({ path, status: statuses[i] })).filter((r) => r.status !== 404)).toEqual([]);
    expect(paths.length).toBeGreaterThan(15);
  });
});

describe("team roles: a moderator against every admin route and page but the moderation queue's", () => {
  const isModerationQueue = (url: string) => url === "/home/moderation" || url.startsWith("/home/moderation/");

  it("answers 403 to every admin call and changes nothing", async () => {
    const calls = requestsOf(routes).filter(({ url }) => isAdminRoute(url) && !isModerationQueue(url));
    const unbuildable = calls.filter(({ url }) => !pathOf(url)).map(({ method, url }) => `${method} ${url}`);
    expect(unbuildable).toEqual([]);
    const before = await snapshot();
    const statuses = await inBatches(calls, ({ method, url }) => call(moderator, method, pathOf(url)!, {}));
    // The tus endpoint also serves a comment video's author (a student): a video not the caller's answers 404,
    // as it does to student B above.
    const refusal = (url: string) => (url.startsWith("/tus/") ? 404 : 403);
    const wrong = calls
      .map(({ method, url }, i) => ({ call: `${method} ${url}`, status: statuses[i] }))
      .filter((r, i) => r.status !== refusal(calls[i]!.url));
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect(calls.length).toBeGreaterThan(60);
  });

  it("answers 403 to every admin page, and opens the moderation queue", async () => {
    const swept = pages.filter(
      (page) => page.startsWith("/home") && !page.startsWith("/home/access-manager/") && !isModerationQueue(page),
    );
    expect(swept).toContain("/home/transactions");
    expect(swept).toContain("/home/team");
    const paths = swept.map((page) => pathOf(page)!);
    const statuses = await inBatches(paths, async (path) => (await moderator.page(path)).status);
    expect(paths.map((path, i) => ({ path, status: statuses[i] })).filter((r) => r.status !== 403)).toEqual([]);
    expect((await moderator.page("/home/moderation")).status).toBe(200);
  });
});

describe("Figure 12: CSRF sweep, the admin without the token or from a foreign Origin", () => {
  // Exempt by design: callers other than a browser with a session, each checked by its own signature.
  const exempt: Record<string, string> = {
    "POST /payments/:provider/notify": "the payment provider's server calls it; verified by signature (Figure 5)",
    "POST /webhooks/bunny": "the video host's server calls it; verified by signature",
    "PUT /uploads/*": "a signed upload address; the signature is the capability",
    "POST /transaction/:hash/pending": "changes nothing (the payment status poll); no session is read",
    "POST /community/unsubscribe/:token":
      "a mail client's RFC 8058 one-click POST, without a session or token: the signed token is the capability",
  };

  it("answers 419 to every state-changing route, 100%, and changes nothing", async () => {
    const targets = requestsOf(routes).filter(
      ({ method, url }) => STATE_CHANGING.has(method) && !exempt[`${method} ${url}`],
    );
    const unbuildable = targets.filter(({ url }) => !pathOf(url)).map(({ method, url }) => `${method} ${url}`);
    expect(unbuildable).toEqual([]);
    const planned = targets.flatMap(({ method, url }) => [
      {
        key: `${method} ${url} without the token`,
        method,
        path: pathOf(url)!,
        csrf: false as const,
        headers: {} as Record<string, string>,
      },
      {
        key: `${method} ${url} from a foreign Origin`,
        method,
        path: pathOf(url)!,
        csrf: undefined,
        headers: { origin: "https://evil.example" },
      },
    ]);

    const before = await snapshot();
    const statuses = await inBatches(planned, (p) =>
      call(admin, p.method, p.path, {}, { csrf: p.csrf, headers: p.headers }),
    );
    const refused = statuses.filter((s) => s === 419).length;
    expect(planned.map((p, i) => ({ call: p.key, status: statuses[i] })).filter((r) => r.status !== 419)).toEqual([]);
    expect(refused / planned.length).toBe(1);
    expect(await snapshot()).toEqual(before);
    expect(targets.length).toBeGreaterThan(70);
    // The admin is still logged in: the logout without a token was refused too.
    expect((await admin.json("GET", "/my/account")).status).toBe(200);
  });
});
