// What the browser loads goes out compressed. Its JavaScript and CSS: the build writes .br and .gz copies of
// each text asset (server/precompress-assets.ts) and the server sends the one the browser takes, the file itself
// otherwise. Rendered pages: compressed as they stream (server/http/compress-page.ts). (Cached anonymous pages:
// tests/integration/catalog-page-cache.test.ts.)
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientDir } from "#server/build.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let entryPath: string;

beforeAll(async () => {
  server = await startTestServer();
  await setUpSchool(server, { language: "en" });
  // The asset a page really loads first: its client entry, named in the page's module preloads.
  const page = await (await fetch(`${server.url}/login`)).text();
  entryPath = /<link rel="modulepreload" href="(\/assets\/entry\.client-[^"]+\.js)"/.exec(page)![1]!;
});
afterAll(() => server?.stop());

/** A GET with exactly these request headers, the body as sent (fetch would decode it). */
function rawGet(url: string, acceptEncoding: string | undefined, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding };
    http
      .request(url, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject)
      .end();
  });
}

describe("static assets", () => {
  it("sends brotli to a browser that takes it, and the same script once decoded", async () => {
    const original = fs.readFileSync(path.join(clientDir, entryPath));
    const answer = await rawGet(server.url + entryPath, "gzip, deflate, br, zstd");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.body.length).toBeLessThan(original.length / 2);
    expect(zlib.brotliDecompressSync(answer.body).equals(original)).toBe(true);
  });

  it("sends gzip to a client that takes only gzip", async () => {
    const original = fs.readFileSync(path.join(clientDir, entryPath));
    const answer = await rawGet(server.url + entryPath, "gzip");
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(answer.body).equals(original)).toBe(true);
  });

  it("sends the file itself to a client that takes no compression", async () => {
    const original = fs.readFileSync(path.join(clientDir, entryPath));
    for (const acceptEncoding of [undefined, "identity", "br;q=0, gzip;q=0"]) {
      const answer = await rawGet(server.url + entryPath, acceptEncoding);
      expect(answer.headers["content-encoding"], String(acceptEncoding)).toBeUndefined();
      expect(answer.body.equals(original)).toBe(true);
    }
  });
});

describe("static files", () => {
  it("serve the root's favicon for an hour, refuse a missing asset and anything outside the build's files", async () => {
    const favicon = await rawGet(`${server.url}/favicon.svg`, undefined);
    expect(favicon.status).toBe(200);
    expect(favicon.headers["cache-control"]).toBe("public, max-age=3600");
    expect((await rawGet(`${server.url}/assets/entry.client-missing.js`, undefined)).status).toBe(404);
    expect([403, 404]).toContain((await rawGet(`${server.url}/assets/..%2f..%2fserver%2fapp.ts`, undefined)).status);
    expect((await rawGet(`${server.url}/.vite/manifest.json`, undefined)).status).toBe(404);
  });
});

describe("rendered pages", () => {
  it("stream out as brotli to a browser that takes it, as gzip to one that takes only gzip, else plain", async () => {
    const brotli = await rawGet(`${server.url}/login`, "gzip, deflate, br, zstd");
    expect(brotli.status).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    const html = zlib.brotliDecompressSync(brotli.body).toString();
    expect(html).toContain("<!DOCTYPE html>");
    expect(html).toContain('type="password"');
    expect(brotli.body.length).toBeLessThan(Buffer.byteLength(html) / 3);

    const gzipped = await rawGet(`${server.url}/login`, "gzip, deflate");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzipped.body).toString()).toContain('type="password"');

    const plain = await rawGet(`${server.url}/login`, undefined);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toContain('type="password"');
  });

  it("leave redirects and HEAD answers as they are", async () => {
    // A visitor without a session is sent from the admin area to the login page.
    const redirect = await rawGet(`${server.url}/home`, "br");
    expect(redirect.status).toBe(302);
    expect(redirect.headers["content-encoding"]).toBeUndefined();
    const head = await rawGet(`${server.url}/login`, "br", "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(head.body.length).toBe(0);
  });
});
