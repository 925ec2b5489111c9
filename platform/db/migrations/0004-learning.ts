// Courses and learning (the courses issue): course sales fields and price history, lecture components,
// course access, per-student lecture progress and notes, the discussion (comments, replies, votes), reviews,
// uploaded images and videos.
import type { Kysely } from "kysely";
import type { Dialect } from "../connection.ts";
import { references, withId } from "../ddl.ts";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const courseColumns: [string, "text" | "integer", boolean, string | number | null][] = [
    ["cover_image", "text", false, null],
    ["vat_rate", "integer", true, 23],
    ["promo_price_cents", "integer", false, null],
    ["promo_starts_at", "text", false, null],
    ["promo_ends_at", "text", false, null],
    ["access_days", "integer", false, null],
    ["access_ends_at", "text", false, null],
    ["author_name", "text", true, ""],
    ["author_bio", "text", true, ""],
    ["seo_title", "text", true, ""],
    ["seo_description", "text", true, ""],
    ["search_text", "text", true, ""],
    ["published_at", "text", false, null],
  ];
  for (const [name, type, notNull, fallback] of courseColumns) {
    await db.schema
      .alterTable("courses")
      .addColumn(name, type, (c) => {
        let column = notNull ? c.notNull() : c;
        if (fallback !== null) column = column.defaultTo(fallback);
        return column;
      })
      .execute();
  }

  // Every change of a course's prices, so that the lowest price of the last 30 days can be shown (Omnibus).
  await withId(db.schema.createTable("course_price_changes"), dialect)
    .addColumn("course_id", "integer", (c) => references("courses")(c.notNull()))
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("promo_price_cents", "integer")
    .addColumn("promo_starts_at", "text")
    .addColumn("promo_ends_at", "text")
    .addColumn("changed_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("course_price_changes_course")
    .on("course_price_changes")
    .columns(["course_id", "changed_at"])
    .execute();

  await withId(db.schema.createTable("lecture_components"), dialect)
    .addColumn("lecture_id", "integer", (c) => references("lectures")(c.notNull()))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("lecture_components_lecture")
    .on("lecture_components")
    .columns(["lecture_id", "position"])
    .execute();

  await withId(db.schema.createTable("course_access"), dialect)
    .addColumn("user_id", "integer", (c) => references("users")(c.notNull()))
    .addColumn("course_id", "integer", (c) => references("courses")(c.notNull()))
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text")
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("granted_by", "integer", (c) => references("users", "set null")(c))
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("revoked_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("course_access_user_course", ["user_id", "course_id"])
    .execute();
  await db.schema.createIndex("course_access_course").on("course_access").column("course_id").execute();

  await db.schema
    .createTable("lecture_progress")
    .addColumn("user_id", "integer", (c) => references("users")(c.notNull()))
    .addColumn("lecture_id", "integer", (c) => references("lectures")(c.notNull()))
    .addColumn("course_id", "integer", (c) => references("courses")(c.notNull()))
    .addColumn("last_viewed_at", "text")
    .addColumn("completed_at", "text")
    .addColumn("starred", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("lecture_progress_pk", ["user_id", "lecture_id"])
    .execute();
  await db.schema
    .createIndex("lecture_progress_user_course")
    .on("lecture_progress")
    .columns(["user_id", "course_id", "last_viewed_at"])
    .execute();

  await withId(db.schema.createTable("comments"), dialect)
    .addColumn("commentable_type", "text", (c) => c.notNull())
    .addColumn("commentable_id", "integer", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => references("users")(c.notNull()))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("by_admin", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("video_id", "integer")
    .addColumn("up_votes_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("replies_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("comments_commentable")
    .on("comments")
    .columns(["commentable_type", "commentable_id", "id"])
    .execute();

  await withId(db.schema.createTable("replies"), dialect)
    .addColumn("comment_id", "integer", (c) => references("comments")(c.notNull()))
    .addColumn("user_id", "integer", (c) => references("users")(c.notNull()))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("by_admin", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("up_votes_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("replies_comment").on("replies").columns(["comment_id", "id"]).execute();

  await withId(db.schema.createTable("votes"), dialect)
    .addColumn("votable_type", "text", (c) => c.notNull())
    .addColumn("votable_id", "integer", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => references("users")(c.notNull()))
    .addColumn("value", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("votes_one_per_user", ["votable_type", "votable_id", "user_id"])
    .execute();

  await withId(db.schema.createTable("reviews"), dialect)
    .addColumn("course_id", "integer", (c) => references("courses")(c.notNull()))
    .addColumn("user_id", "integer", (c) => references("users", "set null")(c))
    .addColumn("comment_id", "integer", (c) => references("comments", "set null")(c))
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("rating", "integer", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("reviews_course_status")
    .on("reviews")
    .columns(["course_id", "status", "created_at"])
    .execute();

  await withId(db.schema.createTable("uploads"), dialect)
    .addColumn("storage_key", "text", (c) => c.notNull().unique())
    .addColumn("context", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => references("users", "set null")(c))
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "integer")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable("videos"), dialect)
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("storage_key", "text")
    .addColumn("external_id", "text")
    .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("user_id", "integer", (c) => references("users", "set null")(c))
    // the lecture whose component plays it (access to the stream follows the lecture's access)
    .addColumn("lecture_id", "integer", (c) => references("lectures", "set null")(c))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  // Version counters that caches compare against (e.g. the rendered sales pages): bumped in the same
  // transaction as the change, read by every process, so a change on one machine invalidates all of them.
  await db.schema
    .createTable("cache_versions")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
