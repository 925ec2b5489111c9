// "Add sample content" on the setup page and `studium setup --sample`: one published course with a cover image,
// two sections and six lectures (free, login-required and paid, some an hour or longer) whose components are of
// every kind (markdown lessons, the welcome clip, an embedded film, a PDF cheat sheet, a checklist to download
// and a quiz), a discussion under the free lecture (the sample student's comments, the owner's reply), approved
// reviews, a survey after the first section, one lecture dripped (it opens 3 days after the student's access
// began), two articles (./sample-articles.ts: a public one with the cover, one for students), the community's two topics with posts, comments, votes and pictures (./sample-community.ts), and the
// sample student, who has access to the course and whose random password is shown once to the owner. Written in
// the school's language; runs inside the setup transaction. The pictures, the clip and
// the PDF come from the SampleMedia passed in (drawn by platform/sample-files/) and are stored like uploads: an `uploads` row marked stored, under the
// keys whose prefix decides who may read them (images/ public, lectures/<id>/ by the lecture's access).
import { randomBytes } from "node:crypto";
import type { Db } from "#platform/db/connection.ts";
import { nowIso, toFlag } from "#platform/db/connection.ts";
import type { Language } from "#platform/db/schema.ts";
import type { Storage } from "#core/ports/storage.ts";
import { createUser } from "../accounts/create-user.ts";
import type { ScryptParams } from "../accounts/passwords.ts";
import { findUserByEmail } from "../accounts/find-user.ts";
import { courseSchema } from "../catalog/authoring-schemas.ts";
import { componentDataByKind, type ComponentKind } from "../catalog/component-data.ts";
import { recordPriceChange } from "../catalog/course-price-history.ts";
import { courseSearchText } from "../catalog/search-text.ts";
import { grantCourseAccess } from "../learning/course-access.ts";
import { newImageKey, newLectureFileKey, videoKey } from "../media/storage-keys.ts";
import { VIDEO_READY } from "../media/video-upload.ts";
import { parseInput } from "../validation.ts";
import { addSampleCommunity, type SampleCommunity } from "./sample-community.ts";
import { addSampleArticles } from "./sample-articles.ts";
import { addSampleMembershipPlan } from "./sample-membership.ts";
import { addSampleExam } from "./sample-exam.ts";
import { addSampleSurvey } from "./sample-survey.ts";
import { type SampleComponent, type SampleLecture, type SamplePdfLine, sampleTexts } from "./sample-texts.ts";
import { addSampleCertificateTemplate } from "../certificates/add-sample-template.ts";

export const SAMPLE_PRICE_CENTS = 19900;
export const SAMPLE_STUDENT_EMAIL = "sample.student@example.com";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the sample's files go: the storage's put (setupSchool passes one that remembers what it wrote). */
export type SampleFileStore = Pick<Storage, "put">;

/**
 * The sample's generated files (platform/sample-files/sample-media.ts in the app): the course cover (PNG), the
 * welcome clip (MP4) and a one-page PDF titled with a lesson's title under the course's name.
 */
export type SampleMedia = {
  coverPng(): Buffer;
  clipMp4(): Buffer;
  pdf(page: { title: string; kicker: string; lines: SamplePdfLine[] }): Buffer;
  /** a community post's picture (PNG) of the given size, the sun at the given height (0 high .. 1 set) */
  postPng(picture: { sunset: number; width: number; height: number }): Buffer;
};

export type SampleContent = {
  course: { title: string; slug: string; sections: number; lectures: number };
  student: { name: string; email: string; password: string };
  community: SampleCommunity;
};

/** A free e-mail address for the sample student (the owner may have taken the first one). */
async function freeSampleEmail(db: Db): Promise<string> {
  const [local, domain] = SAMPLE_STUDENT_EMAIL.split("@") as [string, string];
  for (let n = 1; ; n++) {
    const email = n === 1 ? SAMPLE_STUDENT_EMAIL : `${local}${n}@${domain}`;
    if (!(await findUserByEmail(db, email))) return email;
  }
}

type Context = {
  db: Db;
  files: SampleFileStore;
  media: SampleMedia;
  ownerId: number;
  courseTitle: string;
  now: string;
};

/** Stores the bytes and records them as an upload that arrived and passed its checks. */
async function storeUpload(
  { db, files, ownerId, now }: Context,
  file: { key: string; bytes: Buffer; contentType: string; context: string },
) {
  await files.put(file.key, file.bytes, { contentType: file.contentType });
  await db
    .insertInto("uploads")
    .values({
      storage_key: file.key,
      context: file.context,
      user_id: ownerId,
      content_type: file.contentType,
      size: file.bytes.length,
      status: "stored",
      created_at: now,
    })
    .execute();
}

/** The component's data as the authoring calls would save it (checked with its kind's schema). */
async function componentData(
  context: Context,
  lecture: { id: number; title: string },
  component: SampleComponent,
): Promise<unknown> {
  switch (component.kind) {
    case "markdown":
      return { markdown: component.markdown };
    case "embed":
      return { url: component.url };
    case "quiz":
      return component.quiz;
    case "video": {
      const { db, ownerId, now } = context;
      const { id } = await db
        .insertInto("videos")
        .values({
          provider: "local",
          storage_key: null,
          external_id: null,
          title: lecture.title,
          status: VIDEO_READY,
          user_id: ownerId,
          lecture_id: lecture.id,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const key = videoKey(id, "mp4");
      await context.files.put(key, context.media.clipMp4(), { contentType: "video/mp4" });
      await db.updateTable("videos").set({ storage_key: key }).where("id", "=", id).execute();
      return { video_id: id };
    }
    case "pdf":
    case "file": {
      const bytes =
        component.kind === "pdf"
          ? context.media.pdf({ title: lecture.title, kicker: context.courseTitle, lines: component.lines })
          : Buffer.from(component.text, "utf8");
      const contentType = component.kind === "pdf" ? "application/pdf" : component.contentType;
      const key = newLectureFileKey(lecture.id, component.filename);
      await storeUpload(context, {
        key,
        bytes,
        contentType,
        context: component.kind === "pdf" ? "lecture-pdf" : "lecture-file",
      });
      return { storage_key: key, filename: component.filename, size: bytes.length, content_type: contentType };
    }
  }
}

async function addLecture(
  context: Context,
  sectionId: number,
  position: number,
  sample: SampleLecture,
): Promise<number> {
  const { db, now } = context;
  const lecture = await db
    .insertInto("lectures")
    .values({
      section_id: sectionId,
      title: sample.title,
      duration_minutes: sample.minutes,
      access: sample.access,
      status: "published",
      position,
      // The lesson lives in its markdown component, as in a lecture made in the editor.
      body: "",
      drip_days: sample.dripDays ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const components = [];
  for (const [index, component] of sample.components.entries()) {
    const kind: ComponentKind = component.kind;
    const data = componentDataByKind[kind].parse(
      await componentData(context, { id: lecture.id, title: sample.title }, component),
    );
    components.push({
      lecture_id: lecture.id,
      kind,
      position: index + 1,
      data: JSON.stringify(data),
      created_at: now,
      updated_at: now,
    });
  }
  if (components.length) await db.insertInto("lecture_components").values(components).execute();
  return lecture.id;
}

/** The sample student's comments under a lecture, the first with the owner's reply; a day or two old. */
async function addDiscussion(
  { db, ownerId }: Context,
  lectureId: number,
  studentId: number,
  discussion: NonNullable<SampleLecture["discussion"]>,
) {
  const [first, ...others] = discussion.comments;
  const comment = async (body: string, hoursAgo: number, replies: number) => {
    const at = nowIso(-hoursAgo * 60 * 60 * 1000);
    const { id } = await db
      .insertInto("comments")
      .values({
        commentable_type: "lecture",
        commentable_id: lectureId,
        user_id: studentId,
        body,
        by_admin: toFlag(false),
        video_id: null,
        replies_count: replies,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return id;
  };
  if (first === undefined) return;
  const firstId = await comment(first, 50, 1);
  await db
    .insertInto("replies")
    .values({
      comment_id: firstId,
      user_id: ownerId,
      body: discussion.ownerReply,
      image: null,
      by_admin: toFlag(true),
      created_at: nowIso(-46 * 60 * 60 * 1000),
    })
    .execute();
  for (const [index, body] of others.entries()) await comment(body, 20 - index, 0);
}

/** The sample course with its media, discussion and reviews, and a sample student who has access to it. */
export async function addSampleContent(
  db: Db,
  options: {
    language: Language;
    currency: string;
    /** the school's owner: the course's author, who uploaded its files and answers in the discussion */
    owner: { id: number; name: string };
    files: SampleFileStore;
    /** draws the sample's pictures, clip and PDFs */
    media: SampleMedia;
    /** the sample student's password hashing (PASSWORD_SCRYPT_N); OWASP's when absent */
    hashing?: ScryptParams;
  },
): Promise<SampleContent> {
  const t = sampleTexts[options.language];
  const now = nowIso();
  const context: Context = {
    db,
    files: options.files,
    media: options.media,
    ownerId: options.owner.id,
    courseTitle: t.title,
    now,
  };

  const cover = newImageKey("png");
  await storeUpload(context, {
    key: cover,
    bytes: options.media.coverPng(),
    contentType: "image/png",
    context: "course-cover",
  });

  // The fields as the course editor would save them.
  const fields = parseInput(courseSchema, {
    title: t.title,
    slug: t.slug,
    description: t.description,
    cover_image: cover,
    status: "published",
    price_cents: SAMPLE_PRICE_CENTS,
    currency: options.currency,
    author_name: options.owner.name,
    author_bio: t.authorBio,
    seo_title: t.title,
    seo_description: t.seoDescription,
  });
  const course = await db
    .insertInto("courses")
    .values({
      ...fields,
      search_text: courseSearchText(fields),
      published_at: now,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordPriceChange(db, course.id, course, now);

  // A random password, shown once to the owner (setup response, CLI output) so they can see the school as a student.
  const password = randomBytes(9).toString("base64url");
  const email = await freeSampleEmail(db);
  const student = await createUser(db, { name: t.studentName, email, password, role: "student" }, options.hashing);
  await grantCourseAccess(db, {
    userId: student.id,
    courseId: course.id,
    endsAt: null,
    source: "sample",
    grantedBy: options.owner.id,
  });

  let lectures = 0;
  let surveyAfter: number | null = null;
  for (const [sectionIndex, section] of t.sections.entries()) {
    const { id: sectionId } = await db
      .insertInto("course_sections")
      .values({ course_id: course.id, title: section.title, position: sectionIndex + 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [index, lecture] of section.lectures.entries()) {
      const lectureId = await addLecture(context, sectionId, index + 1, lecture);
      if (lecture.discussion) await addDiscussion(context, lectureId, student.id, lecture.discussion);
      // The survey is asked after the first section's last lecture.
      if (sectionIndex === 0) surveyAfter = lectureId;
    }
    lectures += section.lectures.length;
  }

  await db
    .insertInto("reviews")
    .values(
      t.reviews.map((review) => ({
        course_id: course.id,
        user_id: null,
        comment_id: null,
        first_name: review.firstName,
        rating: review.rating,
        title: review.title,
        body: review.body,
        status: "approved" as const,
        created_at: nowIso(-review.daysAgo * DAY_MS),
      })),
    )
    .execute();

  const community = await addSampleCommunity(db, {
    language: options.language,
    courseId: course.id,
    ownerId: options.owner.id,
    studentId: student.id,
    files: options.files,
    postImage: (picture) => options.media.postPng(picture),
  });
  await addSampleMembershipPlan(db, { language: options.language, currency: options.currency, courseId: course.id });
  await addSampleCertificateTemplate(db, { courseId: course.id, signer: options.owner.name });
  await addSampleExam(db, { language: options.language, courseId: course.id, ownerId: options.owner.id, now });
  if (surveyAfter !== null)
    await addSampleSurvey(db, { language: options.language, courseId: course.id, afterLectureId: surveyAfter, now });
  await addSampleArticles(db, { language: options.language, author: options.owner.name, cover });

  return {
    course: { title: t.title, slug: course.slug, sections: t.sections.length, lectures },
    student: { name: t.studentName, email, password },
    community,
  };
}
