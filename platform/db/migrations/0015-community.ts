// The community (issue 14): topics the admin opens, who may read a restricted one, and the posts written in them.
// A restricted topic is opened by keys: owning one of its products today (community_topic_products); the
// memberships issue adds a plan as one more key table beside it. Posts are read newest first per topic and over all
// topics, by keyset on id (the feed's cost does not grow with the number of posts), pinned ones first; the gallery
// reads the posts that carry an image by the same keyset.
import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connection.ts";
import { references, withId } from "../ddl.ts";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable("community_topics"), dialect)
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("allow_students_to_add_posts", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("visibility", "text", (c) => c.notNull().defaultTo("public"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("community_topics_position").on("community_topics").columns(["position", "id"]).execute();

  await db.schema
    .createTable("community_topic_products")
    .addColumn("topic_id", "integer", (c) => references("community_topics")(c.notNull()))
    .addColumn("product_id", "integer", (c) => references("products")(c.notNull()))
    .addPrimaryKeyConstraint("community_topic_products_pk", ["topic_id", "product_id"])
    .execute();
  await db.schema
    .createIndex("community_topic_products_product")
    .on("community_topic_products")
    .column("product_id")
    .execute();

  await withId(db.schema.createTable("community_posts"), dialect)
    .addColumn("topic_id", "integer", (c) => references("community_topics")(c.notNull()))
    .addColumn("user_id", "integer", (c) => references("users")(c.notNull()))
    .addColumn("by_admin", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("image_width", "integer")
    .addColumn("image_height", "integer")
    .addColumn("video_url", "text")
    .addColumn("video_id", "integer", (c) => references("videos", "set null")(c))
    .addColumn("pinned_at", "text")
    .addColumn("hidden_at", "text")
    .addColumn("up_votes_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("comments_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("community_posts_topic").on("community_posts").columns(["topic_id", "id"]).execute();
  await db.schema.createIndex("community_posts_user").on("community_posts").columns(["user_id", "id"]).execute();
  await db.schema
    .createIndex("community_posts_pinned")
    .on("community_posts")
    .columns(["topic_id", "pinned_at"])
    .where(sql.ref("pinned_at"), "is not", null)
    .execute();
  await db.schema
    .createIndex("community_posts_images")
    .on("community_posts")
    .columns(["topic_id", "id"])
    .where(sql.ref("image"), "is not", null)
    .execute();
  await db.schema
    .createIndex("community_posts_all_images")
    .on("community_posts")
    .column("id")
    .where(sql.ref("image"), "is not", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("community_posts").execute();
  await db.schema.dropTable("community_topic_products").execute();
  await db.schema.dropTable("community_topics").execute();
}
