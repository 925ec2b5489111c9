// POST /vote's same-work limit: a bare node:http server that runs, through bare better-sqlite3 on the benchmark's
// own database, the statements Studium's vote runs (traced, 27.11.2026): the route limiter's upsert (on its own,
// as the limiter runs it), the session and its user, the comment, then BEGIN IMMEDIATE, the user's vote, its
// insert or delete (toggled, as Studium's vote is by the same request sent again), the comment's count, COMMIT,
// and answers the same JSON. No session hashing, CSRF, routing, validation or logging: what is left when only
// the database's work and HTTP are paid. bench/learning.ts runs it beside Studium's vote and prints the ratio.
// Usage: VOTE_LIMIT='{"file": ".../studium.db", "userId": 2, "commentId": 7}' node bench/vote-limit.ts
import http from "node:http";
import SQLite from "better-sqlite3";

const { file, userId, commentId } = JSON.parse(process.env.VOTE_LIMIT ?? "{}") as {
  file: string;
  userId: number;
  commentId: number;
};
const db = new SQLite(file);
db.pragma("journal_mode = WAL");
db.pragma("foreign_keys = ON");
db.pragma("busy_timeout = 5000");
db.pragma("synchronous = NORMAL");

// The statements' text as Studium sends them (Kysely's quoting), so SQLite does the same work.
const limit = db.prepare(`INSERT INTO rate_limits (key, points, expire)
         VALUES (?, ?, ?)
         ON CONFLICT(key) DO UPDATE SET
           points = CASE WHEN expire IS NULL OR expire > ? THEN points + excluded.points ELSE excluded.points END,
           expire = CASE WHEN expire IS NULL OR expire > ? THEN expire ELSE excluded.expire END
         RETURNING points, expire`);
const session = db.prepare(`select "id", "user_id", "expires_at", "last_seen_at" from "sessions" where "id" = ?`);
const user = db.prepare(`select * from "users" where "id" = ?`);
const comment = db.prepare(
  `select "id", "user_id", "by_admin", "body", "commentable_type", "commentable_id", "hidden_at" from "comments" where "id" = ?`,
);
const begin = db.prepare("begin immediate");
const commit = db.prepare("commit");
const myVote = db.prepare(
  `select "id", "value" from "votes" where "votable_type" = ? and "votable_id" = ? and "user_id" = ?`,
);
const insertVote = db.prepare(
  `insert into "votes" ("votable_type", "votable_id", "user_id", "value", "created_at") values (?, ?, ?, ?, ?) on conflict ("votable_type", "votable_id", "user_id") do nothing returning "id"`,
);
const deleteVote = db.prepare(`delete from "votes" where "id" = ? and "value" = ? returning "id"`);
const countUp = db.prepare(
  `update "comments" set "up_votes_count" = "up_votes_count" + ? where "id" = ? returning "up_votes_count"`,
);
const sessionId = (db.prepare(`select "id" from "sessions" where "user_id" = ?`).get(userId) as { id: string }).id;

function vote(body: { type: string; id: number; value: number }): string {
  const now = Date.now();
  limit.get(`vote:${userId}`, 1, now + 60_000, now, now);
  session.get(sessionId);
  user.get(userId);
  comment.get(body.id);
  begin.run();
  try {
    const existing = myVote.get(body.type, body.id, userId) as { id: number; value: number } | undefined;
    const value = existing ? 0 : body.value;
    if (existing) deleteVote.get(existing.id, existing.value);
    else insertVote.get(body.type, body.id, userId, value, new Date(now).toISOString());
    const counted = countUp.get(value === 1 ? 1 : existing?.value === 1 ? -1 : 0, body.id) as {
      up_votes_count: number;
    };
    commit.run();
    return JSON.stringify({
      type: body.type,
      id: body.id,
      votes: value === 0 ? [] : [{ value }],
      up_votes_count: counted.up_votes_count,
      value,
    });
  } catch (error) {
    if (db.inTransaction) db.exec("rollback");
    throw error;
  }
}

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const answer = vote(JSON.parse(Buffer.concat(chunks).toString()) as Parameters<typeof vote>[0]);
    response.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": answer.length });
    response.end(answer);
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object")
    console.log(`vote limit listening at http://127.0.0.1:${address.port} (comment ${commentId})`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
