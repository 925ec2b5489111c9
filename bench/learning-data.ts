// The learning benchmark's data (bench/learning.ts), written straight into the server's SQLite file the way the
// authoring and learning use-cases would write it (search text included, counters kept in step, the catalog
// cache version bumped), because going through the HTTP API would take hours for the big set:
//   - arrangeSmallSchool: a few courses with sections and lectures, a student with access to one of them, their
//     progress, reviews, and a discussion (30 comments under the measured lecture, one with 5 replies);
//   - seedBigData: 1,000 more courses (20 lectures each), 20,000 learners sharing one password hash,
//     1,000,000 lecture_progress rows, 100,000 comments (5,000 of them under the measured lecture, the rest
//     spread over the new lectures) with 50,000 replies and 200,000 votes, 20,000 reviews. The large tables are
//     filled with INSERT ... SELECT over recursive CTEs in one transaction, so SQLite does the work in C.
import type SQLite from "better-sqlite3";
import { courseSearchText } from "#core/catalog/search-text.ts";

export type SmallSchool = {
  /** the course, lecture and comment every scenario is about */
  slug: string;
  courseId: number;
  lectureId: number;
  commentId: number;
  searchQuery: string;
};

const SMALL_COURSES = [
  [
    "watercolour-painting",
    "Watercolour painting for beginners",
    "Paint loose, luminous landscapes with three pigments and two brushes.",
  ],
  ["street-photography", "Street photography", "Find the light, frame the moment and edit a consistent series."],
  [
    "sourdough-baking",
    "Sourdough baking at home",
    "From a starter to an open crumb, with a schedule that fits a working week.",
  ],
  ["spanish-a1", "Spanish A1 in six weeks", "Speak from the first lesson: greetings, numbers, food and directions."],
  ["typescript-basics", "TypeScript basics", "Types, narrowing and generics for JavaScript developers."],
] as const;

const LECTURE_BODY =
  "In this lecture we mix a limited palette, test washes on scrap paper and plan the painting before the first " +
  "stroke. Keep your paper damp but not wet, and let each layer dry before the next.";

const SECTIONS = 3;
const LECTURES_PER_SECTION = 4;
const SMALL_COMMENTS = 30;
const SMALL_REPLIES = 5;

function bumpCatalog(client: SQLite.Database) {
  client
    .prepare(
      "insert into cache_versions (name, version) values ('catalog', 1) on conflict (name) do update set version = version + 1",
    )
    .run();
}

function insertCourse(
  client: SQLite.Database,
  course: { slug: string; title: string; description: string; currency: string; now: string },
): number {
  return Number(
    client
      .prepare(
        `insert into courses (slug, title, description, status, price_cents, currency, author_name, author_bio,
           search_text, published_at, created_at, updated_at)
         values (?, ?, ?, 'published', 9900, ?, 'Bench Author', 'Teaches what they love.', ?, ?, ?, ?)`,
      )
      .run(
        course.slug,
        course.title,
        course.description,
        course.currency,
        courseSearchText(course),
        course.now,
        course.now,
        course.now,
      ).lastInsertRowid,
  );
}

/** Sections and lectures of one course: the first lecture is free, the rest paid. Returns the lecture ids in order. */
function insertCurriculum(client: SQLite.Database, courseId: number, sections: number, perSection: number): number[] {
  const section = client.prepare("insert into course_sections (course_id, title, position) values (?, ?, ?)");
  const lecture = client.prepare(
    `insert into lectures (section_id, title, duration_minutes, access, status, position, body)
     values (?, ?, ?, ?, 'published', ?, ?)`,
  );
  const ids: number[] = [];
  for (let s = 0; s < sections; s++) {
    const sectionId = Number(section.run(courseId, `Part ${s + 1}`, s).lastInsertRowid);
    for (let l = 0; l < perSection; l++) {
      const n = ids.length;
      const id = lecture.run(
        sectionId,
        `Lesson ${n + 1}`,
        5 + ((n * 7) % 40),
        n === 0 ? "free" : "paid",
        l,
        LECTURE_BODY,
      );
      ids.push(Number(id.lastInsertRowid));
    }
  }
  return ids;
}

export function arrangeSmallSchool(
  client: SQLite.Database,
  options: { ownerId: number; studentId: number; currency: string },
): SmallSchool {
  const now = new Date().toISOString();
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
  return client.transaction(() => {
    const hash = (
      client.prepare("select password_hash from users where id = ?").get(options.studentId) as { password_hash: string }
    ).password_hash;
    const commenter = client.prepare(
      "insert into users (email, name, password_hash, role, created_at, updated_at) values (?, ?, ?, 'student', ?, ?)",
    );
    const commenters = Array.from({ length: 10 }, (_, i) =>
      Number(commenter.run(`commenter${i}@bench.test`, `Commenter ${i}`, hash, now, now).lastInsertRowid),
    );

    const courses = SMALL_COURSES.map(([slug, title, description]) => {
      const id = insertCourse(client, { slug, title, description, currency: options.currency, now });
      return { id, slug, lectures: insertCurriculum(client, id, SECTIONS, LECTURES_PER_SECTION) };
    });
    const measured = courses[0]!;
    // A paid lecture: the watch page and every discussion call check the student's access.
    const lectureId = measured.lectures[1]!;
    const component = client.prepare(
      "insert into lecture_components (lecture_id, kind, position, data, created_at, updated_at) values (?, ?, ?, ?, ?, ?)",
    );
    component.run(lectureId, "markdown", 0, JSON.stringify({ markdown: `## Washes\n\n${LECTURE_BODY}` }), now, now);
    component.run(
      lectureId,
      "embed",
      1,
      JSON.stringify({ url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }),
      now,
      now,
    );

    client
      .prepare(
        "insert into course_access (user_id, course_id, starts_at, source, reason, created_at) values (?, ?, ?, 'admin', '', ?)",
      )
      .run(options.studentId, measured.id, now, now);
    const progress = client.prepare(
      `insert into lecture_progress (user_id, lecture_id, course_id, last_viewed_at, completed_at, starred, note, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const [i, id] of measured.lectures.slice(0, 4).entries()) {
      const at = minutesAgo(60 - i);
      progress.run(
        options.studentId,
        id,
        measured.id,
        at,
        i < 3 ? at : null,
        i === 1 ? 1 : 0,
        i === 1 ? "Try cobalt." : "",
        at,
      );
    }

    const review = client.prepare(
      "insert into reviews (course_id, user_id, first_name, rating, title, body, status, created_at) values (?, ?, ?, ?, ?, ?, 'approved', ?)",
    );
    for (const [i, user] of commenters.slice(0, 6).entries()) {
      review.run(
        measured.id,
        user,
        `Commenter ${i}`,
        i % 3 === 0 ? 5 : 10,
        "Lovely course",
        "Clear, calm and practical.",
        minutesAgo(600 - i),
      );
    }

    const comment = client.prepare(
      `insert into comments (commentable_type, commentable_id, user_id, body, by_admin, created_at, updated_at)
       values ('lecture', ?, ?, ?, 0, ?, ?)`,
    );
    const commentIds = Array.from({ length: SMALL_COMMENTS }, (_, i) => {
      const at = minutesAgo(SMALL_COMMENTS - i);
      return Number(
        comment.run(
          lectureId,
          commenters[i % commenters.length]!,
          `How wet should the paper be for wash number ${i + 1}?`,
          at,
          at,
        ).lastInsertRowid,
      );
    });
    // The newest comment (on top of the list) has a conversation under it, the owner's answer included.
    const commentId = commentIds.at(-1)!;
    const reply = client.prepare(
      "insert into replies (comment_id, user_id, body, by_admin, created_at) values (?, ?, ?, ?, ?)",
    );
    for (let i = 0; i < SMALL_REPLIES; i++) {
      const byOwner = i === 0;
      reply.run(
        commentId,
        byOwner ? options.ownerId : commenters[i]!,
        byOwner ? "Damp, like a wrung-out towel." : `Thanks, that helped (${i}).`,
        byOwner ? 1 : 0,
        now,
      );
    }
    client.prepare("update comments set replies_count = ? where id = ?").run(SMALL_REPLIES, commentId);
    bumpCatalog(client);
    return { slug: measured.slug, courseId: measured.id, lectureId, commentId, searchQuery: "watercolour painting" };
  })();
}

// The big set's shape.
export const BIG = {
  courses: 1000,
  sectionsPerCourse: 4,
  lecturesPerSection: 5,
  learners: 20_000,
  /** courses each learner is enrolled in, and lectures of each they have opened: 20,000 x 5 x 10 = 1,000,000 */
  coursesPerLearner: 5,
  lecturesViewedPerCourse: 10,
  comments: 100_000,
  /** every 20th comment is under the measured lecture: 5,000 */
  measuredLectureEvery: 20,
  reviewsPerCourse: 20,
  /** the measured student's own courses in the big set, 10 opened lectures each */
  studentCourses: 50,
} as const;

const TOPICS = [
  "watercolour painting",
  "oil painting",
  "portrait drawing",
  "street photography",
  "film photography",
  "sourdough baking",
  "pastry",
  "spanish",
  "german",
  "polish",
  "italian",
  "typescript",
  "python",
  "sql",
  "kubernetes",
  "guitar",
  "piano",
  "singing",
  "yoga",
  "pilates",
  "marketing",
  "copywriting",
  "bookkeeping",
  "excel",
  "public speaking",
  "negotiation",
  "gardening",
  "woodworking",
  "knitting",
  "calligraphy",
  "video editing",
  "sound design",
  "3d modelling",
  "ux research",
  "data analysis",
  "statistics",
  "chess",
  "meditation",
  "nutrition",
  "running",
  "cycling",
  "climbing",
  "interior design",
  "ceramics",
  "jewellery",
  "bird watching",
  "astronomy",
  "chemistry",
  "history of art",
  "creative writing",
];
const LEVELS = [
  "for beginners",
  "intermediate",
  "advanced",
  "masterclass",
  "in 30 days",
  "crash course",
  "from scratch",
  "for professionals",
];

/** Fills the database with the big set; returns the row counts of the tables it filled and the seconds of each step. */
export function seedBigData(
  client: SQLite.Database,
  options: { studentId: number; lectureId: number; currency: string },
): { counts: Record<string, number>; seconds: Record<string, number> } {
  const now = new Date().toISOString();
  const seconds: Record<string, number> = {};
  let mark = performance.now();
  const lap = (step: string) => {
    const at = performance.now();
    seconds[step] = Number(((at - mark) / 1000).toFixed(1));
    mark = at;
  };
  // A larger page cache for this connection only: index pages stay in memory while a million rows go in.
  const cacheSize = client.pragma("cache_size", { simple: true }) as number;
  // The server keeps writing meanwhile (sessions, jobs): wait for its write lock rather than give up after 5 s.
  const busyTimeout = client.pragma("busy_timeout", { simple: true }) as number;
  client.pragma("busy_timeout = 60000");
  client.pragma("cache_size = -262144");
  client.transaction(() => {
    const hash = (
      client.prepare("select password_hash from users where id = ?").get(options.studentId) as { password_hash: string }
    ).password_hash;

    // Learners: one shared password hash (hashing 20,000 passwords would take minutes and measure nothing).
    const before = client.prepare("select coalesce(max(id), 0) as id from users").get() as { id: number };
    client
      .prepare(
        `with recursive n(i) as (select 0 union all select i + 1 from n where i < ? - 1)
         insert into users (email, name, password_hash, role, email_notifications, created_at, updated_at)
         select 'learner' || i || '@bench.test', 'Learner ' || i, ?, 'student', '{}', ?, ? from n`,
      )
      .run(BIG.learners, hash, now, now);
    const learners = client
      .prepare("select min(id) as first, max(id) as last, count(*) as n from users where id > ?")
      .get(before.id) as { first: number; last: number; n: number };
    if (learners.last - learners.first + 1 !== BIG.learners) throw new Error("learner ids are not contiguous");

    lap("users");

    // Courses and their curricula, inserted one after another, so that the bulk inserts below can compute ids:
    // course number ci (from 0) is firstCourse + ci, and its lecture number k is firstLecture + 20 ci + k.
    const lecturesPerCourse = BIG.sectionsPerCourse * BIG.lecturesPerSection;
    let firstCourse = 0;
    let firstLecture = 0;
    for (let ci = 0; ci < BIG.courses; ci++) {
      const topic = TOPICS[ci % TOPICS.length]!;
      const level = LEVELS[Math.floor(ci / TOPICS.length) % LEVELS.length]!;
      const title = `${topic[0]!.toUpperCase()}${topic.slice(1)} ${level} (${ci + 1})`;
      const description =
        `A practical course in ${topic}: short lessons, exercises after each part and feedback in the ` +
        `discussion under every lecture. Course ${ci + 1} of the bench catalogue, ${level}.`;
      const id = insertCourse(client, {
        slug: `bench-course-${ci + 1}`,
        title,
        description,
        currency: options.currency,
        now,
      });
      const lectures = insertCurriculum(client, id, BIG.sectionsPerCourse, BIG.lecturesPerSection);
      if (ci === 0) [firstCourse, firstLecture] = [id, lectures[0]!];
      if (
        id !== firstCourse + ci ||
        lectures.some((lectureId, k) => lectureId !== firstLecture + ci * lecturesPerCourse + k)
      ) {
        throw new Error("course and lecture ids are not contiguous");
      }
    }
    const courseId = (ci: string) => `(${firstCourse} + ${ci})`;
    const lectureId = (ci: string, k: string) => `(${firstLecture} + (${ci}) * ${lecturesPerCourse} + ${k})`;

    lap("courses");

    // Enrolments: learner u is in courses (7u + 131j) mod 1000, j < 5 (distinct for each u). CROSS JOIN keeps
    // the loops in the order written: rows arrive sorted by user, so the indexes grow at their ends.
    const numbers = (name: string, count: number) =>
      `${name}(n) as (select 0 union all select n + 1 from ${name} where n < ${count - 1})`;
    const learnerRange = `u(id) as (select ${learners.first} union all select id + 1 from u where id < ${learners.last})`;
    const courseOf = `((u.id - ${learners.first}) * 7 + j.n * 131) % ${BIG.courses}`;
    client
      .prepare(
        `with recursive ${learnerRange}, ${numbers("j", BIG.coursesPerLearner)}
         insert into course_access (user_id, course_id, starts_at, source, reason, created_at)
         select u.id, ${courseId(courseOf)}, ?, 'purchase', '', ? from u cross join j`,
      )
      .run(now, now);
    client
      .prepare(
        `with recursive ${learnerRange}, ${numbers("j", BIG.coursesPerLearner)}, ${numbers("k", BIG.lecturesViewedPerCourse)}
         insert into lecture_progress (user_id, lecture_id, course_id, last_viewed_at, completed_at, starred, note, updated_at)
         select u.id, ${lectureId(courseOf, "k.n")}, ${courseId(courseOf)}, ?,
                case when (u.id + k.n) % 3 = 0 then null else ? end, case when k.n = 0 and u.id % 10 = 0 then 1 else 0 end, '', ?
         from u cross join j cross join k`,
      )
      .run(now, now, now);

    lap("progress");

    // The measured student is a keen one too: 50 more courses, 10 lectures opened in each.
    client
      .prepare(
        `with recursive ${numbers("c", BIG.studentCourses)}
         insert into course_access (user_id, course_id, starts_at, source, reason, created_at)
         select ?, ${courseId("c.n")}, ?, 'purchase', '', ? from c`,
      )
      .run(options.studentId, now, now);
    client
      .prepare(
        `with recursive ${numbers("c", BIG.studentCourses)}, ${numbers("k", BIG.lecturesViewedPerCourse)}
         insert into lecture_progress (user_id, lecture_id, course_id, last_viewed_at, completed_at, starred, note, updated_at)
         select ?, ${lectureId("c.n", "k.n")}, ${courseId("c.n")}, ?, ?, 0, '', ? from c cross join k`,
      )
      .run(options.studentId, now, now, now);

    lap("student");

    // Comments: every 20th under the measured lecture, the others over the new lectures; one a minute, oldest
    // first, so the ids grow with created_at as they would.
    const commentsBefore = client.prepare("select coalesce(max(id), 0) as id from comments").get() as { id: number };
    const at = (i: string) =>
      `strftime('%Y-%m-%dT%H:%M:%fZ', (${Date.now() - BIG.comments * 60_000} + ${i} * 60000) / 1000.0, 'unixepoch')`;
    client
      .prepare(
        `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${BIG.comments - 1})
         insert into comments (commentable_type, commentable_id, user_id, body, by_admin, created_at, updated_at)
         select 'lecture',
                case when n.i % ${BIG.measuredLectureEvery} = 0 then ? else ${lectureId(`n.i % ${BIG.courses}`, `(n.i / ${BIG.courses}) % ${lecturesPerCourse}`)} end,
                ${learners.first} + (n.i * 37) % ${BIG.learners},
                'Question ' || n.i || ': when I follow the steps from this lesson the result looks different from ' ||
                  'the example. Should I repeat the exercise or move on to the next part?',
                0, ${at("n.i")}, ${at("n.i")}
         from n`,
      )
      .run(options.lectureId);

    lap("comments");

    // One reply under every other new comment (a learner's), two votes on each (three in four up).
    client
      .prepare(
        `insert into replies (comment_id, user_id, body, by_admin, created_at)
         select c.id, ${learners.first} + (c.id * 53) % ${BIG.learners}, 'Repeat it once more, slower; it clicked for me the second time.', 0, c.created_at
         from comments c where c.id > ? and c.id % 2 = 0`,
      )
      .run(commentsBefore.id);
    client
      .prepare(
        `insert into votes (votable_type, votable_id, user_id, value, created_at)
         select 'comment', c.id, ${learners.first} + (c.id * 13 + v.n * 7919) % ${BIG.learners},
                case when (c.id + v.n) % 4 = 0 then -1 else 1 end, c.created_at
         from comments c cross join (select 0 as n union all select 1) v where c.id > ?`,
      )
      .run(commentsBefore.id);
    // The counters as the votes and replies above make them (a comparison is 0 or 1 in SQLite).
    client
      .prepare(
        `update comments set replies_count = (id % 2 = 0), up_votes_count = 2 - (id % 4 = 0) - ((id + 1) % 4 = 0)
         where id > ?`,
      )
      .run(commentsBefore.id);

    lap("replies and votes");

    // Approved reviews on every new course (the sales page summarises them).
    client
      .prepare(
        `with recursive ${numbers("c", BIG.courses)}, ${numbers("r", BIG.reviewsPerCourse)}
         insert into reviews (course_id, user_id, first_name, rating, title, body, status, created_at)
         select ${courseId("c.n")}, null, 'Reader ' || r.n, case when r.n % 5 = 0 then 5 else 10 end, 'Worth it',
                'Well paced, and the exercises are the best part.', 'approved', ?
         from c cross join r`,
      )
      .run(now);
    bumpCatalog(client);
    lap("reviews");
  })();
  lap("commit");
  client.pragma(`cache_size = ${cacheSize}`);
  client.pragma(`busy_timeout = ${busyTimeout}`);

  const count = (table: string) => (client.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  const counts = Object.fromEntries(
    [
      "courses",
      "lectures",
      "users",
      "course_access",
      "lecture_progress",
      "comments",
      "replies",
      "votes",
      "reviews",
    ].map((t) => [t, count(t)]),
  );
  // Fold the write-ahead log into the database file, as a quiet production database would be.
  client.pragma("wal_checkpoint(TRUNCATE)");
  lap("count and checkpoint");
  return { counts, seconds };
}
