// The server cleans abandoned uploads by itself (server/background.ts runs core/media/media-maintenance.ts
// at start-up and every hour): a database and data folder prepared with a day-old pending upload (its row
// and the file that reached the disk), a day-old idle tus upload and fresh ones of each, then the real server
// started on them; the old ones go, the fresh ones stay.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DbHandle, openDatabase } from "#platform/db/connection.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";

let database: TestDatabase;
let server: TestServer;
const HOUR = 3600 * 1000;
const dayAgo = new Date(Date.now() - 25 * HOUR);

const open = (db: TestDatabase): DbHandle =>
  openDatabase(db.url.startsWith("postgres") ? { kind: "postgres", url: db.url } : { kind: "sqlite", file: db.url }, {
    poolSize: 1,
  });

beforeAll(async () => {
  database = await createTestDatabase();
  const handle = open(database);
  try {
    for (const [key, createdAt] of [
      ["images/2026/01/abandoned.png", dayAgo.toISOString()],
      ["images/2026/01/fresh.png", new Date(Date.now() - HOUR).toISOString()],
    ] as const) {
      await handle.db
        .insertInto("uploads")
        .values({
          storage_key: key,
          context: "course-cover",
          user_id: null,
          content_type: "image/png",
          size: null,
          status: "pending",
          created_at: createdAt,
        })
        .execute();
    }
  } finally {
    await handle.close();
  }
  const files = path.join(database.dataDir, "files", "images", "2026", "01");
  fs.mkdirSync(files, { recursive: true });
  fs.writeFileSync(path.join(files, "abandoned.png"), "bytes that arrived");
  const tus = path.join(database.dataDir, "uploads-in-progress");
  fs.mkdirSync(tus, { recursive: true });
  for (const id of ["video-901", "video-902"]) {
    fs.writeFileSync(path.join(tus, `${id}.part`), "piece");
    fs.writeFileSync(path.join(tus, `${id}.json`), JSON.stringify({ length: 100, metadata: {} }));
  }
  for (const name of ["video-901.part", "video-901.json"]) fs.utimesSync(path.join(tus, name), dayAgo, dayAgo);
  server = await startTestServer({}, { database });
});
afterAll(() => server?.stop());

it("removes day-old pending uploads with their file and idle tus uploads, keeping fresh ones", async () => {
  const keys = async () =>
    (await server.handle.db.selectFrom("uploads").select("storage_key").execute()).map((row) => row.storage_key);
  await waitFor(async () => !(await keys()).includes("images/2026/01/abandoned.png"));
  expect(await keys()).toEqual(["images/2026/01/fresh.png"]);
  const dataDir = database.dataDir;
  expect(fs.existsSync(path.join(dataDir, "files", "images", "2026", "01", "abandoned.png"))).toBe(false);
  // The report is logged when the whole run is over.
  const report = await waitFor(() => server.logs.find((line) => line.msg === "media maintenance"));
  expect(fs.existsSync(path.join(dataDir, "uploads-in-progress", "video-901.part"))).toBe(false);
  expect(fs.existsSync(path.join(dataDir, "uploads-in-progress", "video-901.json"))).toBe(false);
  expect(fs.existsSync(path.join(dataDir, "uploads-in-progress", "video-902.part"))).toBe(true);
  expect(report).toMatchObject({ uploads: 1, resumable: 1 });
});
