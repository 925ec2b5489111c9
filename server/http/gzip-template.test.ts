// The gzip page template: whatever the values put between the fixed parts, the answer unzips (with its CRC and
// size checked by zlib) to exactly the plain text, and it is much smaller than the plain page.
import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, fillGzip, gzipTemplate } from "./gzip-template.ts";

function plain(parts: Buffer[], values: Buffer[]): Buffer {
  const chunks: Buffer[] = [parts[0]!];
  values.forEach((value, i) => chunks.push(value, parts[i + 1]!));
  return Buffer.concat(chunks);
}

const page = (size: number) =>
  Buffer.from(
    Array.from({ length: size }, (_, i) => `<div class="card p-4">Lecture ${i % 97} — Łódź</div>`).join("\n"),
  );

describe("gzip page template", () => {
  it("unzips to the plain page for many different values, checked by the gzip trailer", () => {
    const parts = [page(300), page(20), Buffer.alloc(0), page(500), Buffer.from("</html>")];
    const template = gzipTemplate(parts);
    for (let round = 0; round < 50; round++) {
      const values = parts.slice(1).map(() => Buffer.from(randomBytes(1 + (round % 40)).toString("base64")));
      const zipped = fillGzip(template, values);
      expect(zlib.gunzipSync(zipped).equals(plain(parts, values))).toBe(true);
    }
  });

  it("copes with empty values, a single part, and a value longer than one stored block", () => {
    const one = gzipTemplate([page(10)]);
    expect(zlib.gunzipSync(fillGzip(one, [])).equals(page(10))).toBe(true);

    const parts = [Buffer.from("<a>"), Buffer.from("<b>"), Buffer.from("<c>")];
    const template = gzipTemplate(parts);
    const values = [Buffer.alloc(0), randomBytes(70_000)];
    expect(zlib.gunzipSync(fillGzip(template, values)).equals(plain(parts, values))).toBe(true);
  });

  it("is several times smaller than the page", () => {
    const parts = [page(400), page(400)];
    const zipped = fillGzip(gzipTemplate(parts), [Buffer.from("token")]);
    expect(zipped.length * 4).toBeLessThan(parts[0]!.length * 2);
  });

  it("refuses a wrong number of values", () => {
    expect(() => fillGzip(gzipTemplate([page(1), page(1)]), [])).toThrow("1 values expected");
  });

  it("reads Accept-Encoding", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
