// `npm run studium -- <command>`: the first run and accounts without a browser, on the database the server
// uses (DATA_DIR / DATABASE_URL), with the same rules as the JSON API and clear errors for bad arguments.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#platform/db/connection.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { createTestDatabase, postgresBaseUrl, type TestDatabase } from "../helpers/test-database.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

const root = path.resolve(import.meta.dirname, "../..");

type CliResult = { code: number | null; stdout: string; stderr: string };

function cli(database: { url: string; dataDir: string }, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "cli/studium.ts"), ...args], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "test", DATA_DIR: database.dataDir, DATABASE_URL: database.url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: postgresBaseUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A database with no tables at all, as on a new install. */
async function emptyDatabase(): Promise<TestDatabase> {
  const id = randomBytes(6).toString("hex");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studium-cli-"));
  const base = postgresBaseUrl();
  if (base) {
    const name = `studium_cli_${id}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      dataDir,
      drop: async () => {
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  // No DATABASE_URL: the CLI uses DATA_DIR/studium.db, like the server.
  return { url: "", dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/** A direct connection to a test database, for asserting. */
function open(database: TestDatabase) {
  return openDatabase(
    database.url.startsWith("postgres")
      ? { kind: "postgres", url: database.url }
      : { kind: "sqlite", file: database.url },
  );
}

describe("studium migrate", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await emptyDatabase();
  });
  afterAll(() => database?.drop());

  it("creates the tables of a new database, then has nothing left to do", async () => {
    const first = await cli(database, "migrate");
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Applied \d+ migration\(s\)/);
    expect(first.stdout).toContain("0001-foundation");
    expect(first.stdout).toContain("0002-catalog");

    const again = await cli(database, "migrate");
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("The database is up to date");

    const handle = openDatabase(
      database.url
        ? { kind: "postgres", url: database.url }
        : { kind: "sqlite", file: path.join(database.dataDir, "studium.db") },
    );
    try {
      const courses = await handle.db.selectFrom("courses").selectAll().execute();
      expect(courses).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});

describe("studium setup and user:add", () => {
  let database: TestDatabase;
  let server: TestServer | undefined;
  let sampleStudent: { email: string; password: string };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    // The server owns the database once started, and drops it on stop.
    if (server) await server.stop();
    else await database?.drop();
  });

  it("answers bad arguments with a clear message and exit code 2, before touching the database", async () => {
    const cases: [string[], RegExp][] = [
      [[], /missing command/],
      [["frobnicate"], /unknown command "frobnicate"/],
      [
        ["setup", "--school", "X", "--language", "en", "--password", "secret1", "--name", "N"],
        /--email: This field is required\./,
      ],
      [
        [
          "setup",
          "--school",
          "X",
          "--language",
          "de",
          "--email",
          "o@example.com",
          "--password",
          "secret1",
          "--name",
          "N",
        ],
        /--language: Choose one of the options: en, pl\./,
      ],
      [
        ["setup", "--school", "X", "--language", "en", "--email", "nope", "--password", "secret1", "--name", "N"],
        /--email: Enter a valid e-mail address\./,
      ],
      [
        [
          "setup",
          "--school",
          "X",
          "--language",
          "en",
          "--email",
          "o@example.com",
          "--password",
          "12345",
          "--name",
          "N",
        ],
        /--password: Minimum characters: 6\./,
      ],
      [
        [
          "setup",
          "--school",
          "X",
          "--language",
          "en",
          "--currency",
          "BTC",
          "--email",
          "o@example.com",
          "--password",
          "secret1",
          "--name",
          "N",
        ],
        /--currency: Choose one of the options: PLN, EUR/,
      ],
      [["setup", "--colour", "red"], /unknown option --colour/],
      [["user:add", "--email"], /--email needs a value/],
      [["user:add", "--email", "s@example.com", "--password", "secret1"], /--name: This field is required\./],
    ];
    const results = await Promise.all(cases.map(([args]) => cli(database, ...args)));
    for (const [index, [args, message]] of cases.entries()) {
      const result = results[index]!;
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr, args.join(" ")).toMatch(message);
      expect(result.stdout, args.join(" ")).toBe("");
    }
    const handle = open(database);
    try {
      expect(await handle.db.selectFrom("school").selectAll().execute()).toEqual([]);
      expect(await handle.db.selectFrom("users").selectAll().execute()).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 60_000); // ten CLI processes at once: on a busy machine they take a while to start

  it("prints the commands with --help", async () => {
    const result = await cli(database, "--help");
    expect(result.code).toBe(0);
    for (const command of ["setup", "user:add", "user:password", "migrate"]) expect(result.stdout).toContain(command);
    const setupHelp = await cli(database, "setup", "--help");
    expect(setupHelp.code).toBe(0);
    expect(setupHelp.stdout).toContain("--sample");
  });

  it("refuses user:add before the school is set up", async () => {
    const result = await cli(
      database,
      "user:add",
      "--email",
      "early@example.com",
      "--password",
      "secret1",
      "--name",
      "Early",
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("The school is not set up yet");
  });

  it("sets up the school with sample content and prints the sample student's login", async () => {
    const result = await cli(
      database,
      "setup",
      "--school",
      "Akademia CLI",
      "--language",
      "pl",
      "--email",
      "Owner@Example.com",
      "--password",
      "owner-secret",
      "--name",
      "Olga Owner",
      "--sample",
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Set up the school "Akademia CLI" (Polish, PLN).');
    expect(result.stdout).toContain("Owner (admin): Olga Owner <owner@example.com>");
    expect(result.stdout).toContain("Podstawy fotografii cyfrowej");
    const match = /Sample student: .* <([^>]+)>, password: (\S+)/.exec(result.stdout);
    expect(match).not.toBeNull();
    sampleStudent = { email: match![1]!, password: match![2]! };
    expect(sampleStudent.password.length).toBeGreaterThanOrEqual(12);
  });

  it("refuses a second setup with exit code 1 and changes nothing", async () => {
    const result = await cli(
      database,
      "setup",
      "--school",
      "Second",
      "--language",
      "en",
      "--email",
      "second@example.com",
      "--password",
      "second-secret",
      "--name",
      "Second",
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("This school has already been set up.");
    expect(result.stdout).toBe("");
    const handle = open(database);
    try {
      expect((await handle.db.selectFrom("school").select("name").execute()).map((s) => s.name)).toEqual([
        "Akademia CLI",
      ]);
      expect(
        await handle.db.selectFrom("users").where("email", "=", "second@example.com").selectAll().execute(),
      ).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  it("adds a student and an admin, and refuses an e-mail that is taken", async () => {
    const student = await cli(
      database,
      "user:add",
      "--email",
      "stefan@example.com",
      "--password",
      "stefan-secret",
      "--name",
      "Stefan Student",
    );
    expect(student.code).toBe(0);
    expect(student.stdout).toContain("Added a student: Stefan Student <stefan@example.com>");

    const admin = await cli(
      database,
      "user:add",
      "--email",
      "ada@example.com",
      "--password",
      "ada-secret",
      "--name",
      "Ada Admin",
      "--admin",
    );
    expect(admin.code).toBe(0);
    expect(admin.stdout).toContain("Added an admin: Ada Admin <ada@example.com>");

    const taken = await cli(
      database,
      "user:add",
      "--email",
      "STEFAN@example.com",
      "--password",
      "other-secret",
      "--name",
      "Other",
    );
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain("--email: Account already exists");
  });

  it("sets a new password for an account (user:password), and refuses an unknown e-mail", async () => {
    const changed = await cli(database, "user:password", "--email", "Ada@Example.com", "--password", "ada-new-secret");
    expect(changed.stderr).toBe("");
    expect(changed.code).toBe(0);
    expect(changed.stdout).toContain("Set a new password for Ada Admin <ada@example.com>");
    const unknown = await cli(database, "user:password", "--email", "nobody@example.com", "--password", "whatever1");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("--email: There is no account with this e-mail address.");
  });

  describe("then a server on the same database", () => {
    beforeAll(async () => {
      server = await startTestServer({}, { database });
    });

    it("shows the school and logs in the accounts made with the CLI, with their roles", async () => {
      if (!server) throw new Error("no server");
      const home = await new BrowserClient(server.url).page("/");
      expect(home.status).toBe(200);
      expect(home.html).toContain("Akademia CLI");
      expect(home.html).toContain("Podstawy fotografii cyfrowej");
      // The sample's files went to the server's storage (DATA_DIR/files): its cover image is served.
      const cover = /\/files\/images\/[\w/.-]+\.png/.exec(home.html)?.[0];
      expect(cover).toBeDefined();
      const image = await new BrowserClient(server.url).raw(cover!);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/png");

      const accounts = [
        { email: "owner@example.com", password: "owner-secret", role: "admin", redirect: "/home" },
        // the password user:password set
        { email: "ada@example.com", password: "ada-new-secret", role: "admin", redirect: "/home" },
        { email: "stefan@example.com", password: "stefan-secret", role: "student", redirect: "/my" },
        { ...sampleStudent, role: "student", redirect: "/my" },
      ];
      for (const account of accounts) {
        const client = new BrowserClient(server.url);
        await client.page("/login");
        const login = await client.post("/login", { email: account.email, password: account.password });
        expect(login.status, account.email).toBe(200);
        expect(login.body.redirect, account.email).toBe(account.redirect);
        const me = await client.json("GET", "/my/account");
        expect(me.body.user, account.email).toMatchObject({ email: account.email, role: account.role });
      }
    });
  });
});
