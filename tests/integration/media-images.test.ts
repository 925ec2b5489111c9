// Image upload over HTTP, as the widget does it (spec §3, §4, §5, §7, §8): POST /home/images/create, the PUT
// to the signed address without session or CSRF, GET /files/<key>, POST /home/images/delete; and the abuse
// cases of SECURITY.md (tampered and expired addresses, wrong content types, polyglots, SVG with script,
// 30000x30000 PNG, oversize, '../' names, another admin's image).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedPutUrl } from "#integrations/storage/signed-url.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { decodeImage, png, realImage, safeSvg, svgWithScript } from "../helpers/media-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { putSigned, rawRequest, secondAdmin, student, tamper } from "./media-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
// The SECRET_KEY the test server runs with (tests/helpers/test-server.ts).
const testSecret = "test-secret-test-secret-test-secret-0123456789";

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server);
});
afterAll(() => server?.stop());

async function ticket(
  client: BrowserClient,
  extension: string,
  filename = `picture.${extension}`,
  context = "course-cover",
) {
  const response = await client.post("/home/images/create", { extension, filename, context });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { upload: string; download: string };
}

async function uploadRow(key: string) {
  return server.handle.db.selectFrom("uploads").selectAll().where("storage_key", "=", key).executeTakeFirst();
}

describe("the whole flow", () => {
  it("creates a ticket, takes the PUT without session or CSRF, serves the image, deletes it", async () => {
    const { upload, download } = await ticket(admin, "png");
    expect(upload).toMatch(
      /^\/uploads\/images\/\d{4}\/\d{2}\/[0-9a-f]{24}\.png\?content_type=image%2Fpng&expires=\d+&signature=/,
    );
    expect(download).toBe(upload.slice("/uploads/".length, upload.indexOf("?")));
    expect(await uploadRow(download)).toMatchObject({
      status: "pending",
      context: "course-cover",
      content_type: "image/png",
    });

    const image = png(40, 30);
    const put = await putSigned(server, upload, image, "image/png");
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // Stored re-encoded (media-image-cleaning.test.ts): the same picture, its own bytes.
    const stored = await uploadRow(download);
    expect(stored).toMatchObject({ status: "stored" });

    // Public: anyone may read it, cached for a year, with its real type and nosniff.
    const visitor = await fetch(`${server.url}/files/${download}`);
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get("content-type")).toBe("image/png");
    expect(visitor.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(visitor.headers.get("x-content-type-options")).toBe("nosniff");
    expect(visitor.headers.get("content-security-policy")).toContain("sandbox");
    const bytes = Buffer.from(await visitor.arrayBuffer());
    expect(bytes.length).toBe(stored?.size);
    expect(await decodeImage(bytes)).toMatchObject({ format: "png", width: 40, height: 30 });

    // The same address cannot be used twice.
    expect((await putSigned(server, upload, png(2, 2), "image/png")).status).toBe(409);

    const deleted = await admin.post("/home/images/delete", { path: download, context: "course-cover" });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toBe(true);
    expect((await fetch(`${server.url}/files/${download}`)).status).toBe(404);
    expect(await uploadRow(download)).toBeUndefined();
    // Deleted once: a second delete finds nothing.
    expect((await admin.post("/home/images/delete", { path: download, context: "course-cover" })).status).toBe(404);
  });

  it.each([
    ["jpeg", "image/jpeg", "jpeg", 1280, 800],
    ["jpg", "image/jpeg", "jpeg", 600, 600],
    ["gif", "image/gif", "gif", 10, 10],
    ["webp", "image/webp", "webp", 300, 200],
  ] as const)("stores a .%s as %s", async (extension, contentType, format, width, height) => {
    const { upload, download } = await ticket(admin, extension);
    expect(new URL(upload, "http://x").searchParams.get("content_type")).toBe(contentType);
    const put = await putSigned(server, upload, await realImage(format, width, height), contentType);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const served = await fetch(`${server.url}/files/${download}`);
    expect(served.headers.get("content-type")).toBe(contentType);
    expect(await decodeImage(Buffer.from(await served.arrayBuffer()))).toMatchObject({ format, width, height });
  });

  it("stores a safe .svg as it is", async () => {
    const { upload, download } = await ticket(admin, "svg");
    const put = await putSigned(server, upload, safeSvg, "image/svg+xml");
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const served = await fetch(`${server.url}/files/${download}`);
    expect(served.headers.get("content-type")).toBe("image/svg+xml");
    expect(Buffer.from(await served.arrayBuffer()).equals(safeSvg)).toBe(true);
  });

  it("serves an SVG only as an attachment, in a sandbox", async () => {
    const { upload, download } = await ticket(admin, "svg");
    expect((await putSigned(server, upload, safeSvg, "image/svg+xml")).status).toBe(200);
    const served = await fetch(`${server.url}/files/${download}`);
    expect(served.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(served.headers.get("content-security-policy")).toMatch(/default-src 'none'.*sandbox/);
  });
});

describe("create", () => {
  it("answers 'Bad file extension' for anything but webp, jpeg, png, svg and gif", async () => {
    for (const extension of ["html", "bmp", "exe", "svgz", ""]) {
      const response = await admin.post("/home/images/create", {
        extension,
        filename: `x.${extension}`,
        context: "course-cover",
      });
      expect(response.status, extension).toBe(422);
      if (extension) expect(response.body.message).toBe("Bad file extension");
    }
  });

  it("says it in Polish in a Polish school", async () => {
    const polish = await startTestServer();
    try {
      const owner = await setUpSchool(polish, { language: "pl" });
      const response = await owner.post("/home/images/create", {
        extension: "bmp",
        filename: "x.bmp",
        context: "course-cover",
      });
      expect(response.status).toBe(422);
      expect(response.body.message).toBe("Nieprawidłowe rozszerzenie pliku");
    } finally {
      await polish.stop();
    }
  });

  it("refuses names with paths in them", async () => {
    for (const filename of ["../../etc/passwd.png", "..\\x.png", "a/b.png", "x\u0000.png"]) {
      const response = await admin.post("/home/images/create", { extension: "png", filename, context: "course-cover" });
      expect(response.status, filename).toBe(422);
      expect(Object.keys(response.body.errors)).toEqual(["filename"]);
    }
  });

  it("follows the HTTP contract: 419 without the token, 401 for visitors, 403 for students", async () => {
    const body = { extension: "png", filename: "a.png", context: "course-cover" };
    expect((await admin.post("/home/images/create", body, { csrf: false })).status).toBe(419);
    const visitor = new BrowserClient(server.url);
    await visitor.page("/login");
    expect((await visitor.post("/home/images/create", body)).status).toBe(401);
    const learner = await student(server);
    expect((await learner.post("/home/images/create", body)).status).toBe(403);
  });
});

describe("the signed PUT", () => {
  it("answers 403 to a tampered or expired address, or one that was never ours", async () => {
    const { upload, download } = await ticket(admin, "png");
    const image = png(4, 4);
    const variants = [
      tamper(upload, (u) => {
        // Change the first character for certain (setting it to a fixed one is no change 1 time in 64).
        const signature = u.searchParams.get("signature")!;
        u.searchParams.set("signature", (signature[0] === "A" ? "B" : "A") + signature.slice(1));
      }),
      tamper(upload, (u) => u.searchParams.set("expires", String(Number(u.searchParams.get("expires")) + 60))),
      tamper(upload, (u) => u.searchParams.set("content_type", "text/html")),
      tamper(upload, (u) => (u.pathname = u.pathname.replace(/[0-9a-f]{24}/, "0".repeat(24)))),
      tamper(upload, (u) => u.searchParams.delete("signature")),
      tamper(upload, (u) => u.searchParams.set("expires", String(Math.floor(Date.now() / 1000) - 10))),
      `/uploads/..%2F..%2Fstudium.db${upload.slice(upload.indexOf("?"))}`,
    ];
    for (const variant of variants) {
      const response = await putSigned(
        server,
        variant,
        image,
        variant.includes("text%2Fhtml") ? "text/html" : "image/png",
      );
      expect(response.status, variant).toBe(403);
    }
    // '..' sent as written: the key it names is refused, signed or not.
    const query = upload.slice(upload.indexOf("?"));
    for (const path of [`/uploads/images/../../studium.db${query}`, `/uploads/../secret.key${query}`]) {
      const response = await rawRequest(server, "PUT", path, { "content-type": "image/png" }, image);
      expect(response.status, path).toBe(403);
    }
    // Correctly signed by this server's secret, but expired an hour ago.
    const expired = createSignedPutUrl(Buffer.from(testSecret, "utf8"), download, {
      contentType: "image/png",
      expiresInSeconds: 60,
      now: new Date(Date.now() - 3_600_000),
    });
    expect((await putSigned(server, expired, image, "image/png")).status).toBe(403);
    expect(await uploadRow(download)).toMatchObject({ status: "pending" });
    // The real address still works.
    expect((await putSigned(server, upload, image, "image/png")).status).toBe(200);
  });

  it("answers 403 when the Content-Type is not the signed one", async () => {
    const { upload, download } = await ticket(admin, "png");
    for (const type of ["image/jpeg", "text/html", "image/png; charset=utf-8", "IMAGE/PNG", null]) {
      expect((await putSigned(server, upload, png(4, 4), type)).status, String(type)).toBe(403);
    }
    expect(await uploadRow(download)).toMatchObject({ status: "pending" });
  });

  it("refuses polyglots: PNG bytes named .svg, script named .png, HTML named .gif; nothing is stored", async () => {
    const cases = [
      ["svg", "image/svg+xml", png(8, 8)],
      ["png", "image/png", Buffer.from("<script>alert(document.cookie)</script>")],
      ["gif", "image/gif", Buffer.from("<!doctype html><script>alert(1)</script>")],
      ["jpeg", "image/jpeg", png(8, 8)],
    ] as const;
    for (const [extension, contentType, bytes] of cases) {
      const { upload, download } = await ticket(admin, extension);
      const response = await putSigned(server, upload, bytes, contentType);
      expect(response.status, extension).toBe(422);
      expect(response.body.message).toBe("The file's content does not match its type.");
      expect((await fetch(`${server.url}/files/${download}`)).status).toBe(404);
      expect(await uploadRow(download)).toMatchObject({ status: "pending" });
    }
  });

  it("refuses an SVG with a script, and stores nothing", async () => {
    const { upload, download } = await ticket(admin, "svg");
    const response = await putSigned(server, upload, svgWithScript, "image/svg+xml");
    expect(response.status).toBe(422);
    expect(response.body.message).toMatch(/scripts/);
    expect((await fetch(`${server.url}/files/${download}`)).status).toBe(404);
  });

  it("refuses a 30000x30000 PNG header", async () => {
    const { upload, download } = await ticket(admin, "png");
    const response = await putSigned(server, upload, png(30000, 30000, { pixels: false }), "image/png");
    expect(response.status).toBe(422);
    expect(response.body.message).toBe("The image is too large: at most 10000 × 10000 pixels.");
    expect((await fetch(`${server.url}/files/${download}`)).status).toBe(404);
  });

  it("answers 413 over 10 MB, whether announced or streamed", async () => {
    const { upload, download } = await ticket(admin, "png");
    const big = Buffer.concat([png(10, 10), Buffer.alloc(10 * 1024 * 1024)]);
    const announced = await putSigned(server, upload, big, "image/png");
    expect(announced.status).toBe(413);
    expect(announced.body.message).toBe("File too big (at most 10 MB)");
    // Chunked (no Content-Length): stopped while streaming.
    const chunks = (async function* () {
      for (let i = 0; i < 12; i++) yield i === 0 ? png(10, 10) : Buffer.alloc(1024 * 1024);
    })();
    const streamed = await fetch(new URL(upload, server.url), {
      method: "PUT",
      headers: { "content-type": "image/png" },
      body: chunks as unknown as BodyInit,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await fetch(`${server.url}/files/${download}`)).status).toBe(404);
    // Still pending, and a right-sized file can follow.
    expect((await putSigned(server, upload, png(10, 10), "image/png")).status).toBe(200);
  });
});

describe("delete", () => {
  it("answers 404 for another admin's image, another context, or a path never issued", async () => {
    const { upload, download } = await ticket(admin, "png");
    expect((await putSigned(server, upload, png(4, 4), "image/png")).status).toBe(200);
    const other = await secondAdmin(server);
    expect((await other.post("/home/images/delete", { path: download, context: "course-cover" })).status).toBe(404);
    expect((await admin.post("/home/images/delete", { path: download, context: "reply" })).status).toBe(404);
    for (const path of ["images/2020/01/ffffffffffffffffffffffff.png", "../../studium.db", "lectures/1/x/y.pdf"]) {
      expect((await admin.post("/home/images/delete", { path, context: "course-cover" })).status, path).toBe(404);
    }
    expect((await fetch(`${server.url}/files/${download}`)).status).toBe(200);
    // The /files/ address works as the path as well.
    const deleted = await admin.post("/home/images/delete", { path: `/files/${download}`, context: "course-cover" });
    expect(deleted.body).toBe(true);
  });

  it("follows the HTTP contract: 419 without the token, 422 without a path", async () => {
    expect(
      (await admin.post("/home/images/delete", { path: "x", context: "course-cover" }, { csrf: false })).status,
    ).toBe(419);
    expect((await admin.post("/home/images/delete", { context: "course-cover" })).status).toBe(422);
  });
});

describe("GET /files", () => {
  it("answers 404 for keys outside the served prefixes and for traversal", async () => {
    for (const path of [
      "/files/studium.db",
      "/files/..%2Fstudium.db",
      "/files/.meta/x.json",
      "/files/videos/1/video.mp4",
      "/files/images/nope.png",
    ]) {
      expect((await fetch(server.url + path)).status, path).toBe(404);
    }
    for (const path of [
      "/files/images/../../studium.db",
      "/files/images/../secret.key",
      "/files/images/%2e%2e/%2e%2e/secret.key",
    ]) {
      const response = await rawRequest(server, "GET", path);
      expect(response.status, path).not.toBe(200);
      expect(response.body).not.toContain("SQLite");
    }
  });
});
