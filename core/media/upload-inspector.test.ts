// The checks an upload passes while it streams: size cap, magic bytes against the signed type, pixel caps,
// SVG safety. A failure is an error on the stream (so storage never keeps the file).
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { gif, jpeg, pdf, png, safeSvg, svgWithScript, webp } from "#tests/helpers/media-fixtures.ts";
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE } from "./limits.ts";
import { createUploadInspector, type RejectionReason, type UploadPolicy } from "./upload-inspector.ts";

const image = (contentType: string, maxBytes = MAX_IMAGE_BYTES): UploadPolicy => ({
  kind: "image",
  contentType,
  maxBytes,
  maxSide: MAX_IMAGE_SIDE,
});

/** Streams the bytes through the inspector in small chunks; the outcome and how many bytes got through. */
async function inspect(
  policy: UploadPolicy,
  bytes: Buffer,
  chunk = 7,
): Promise<{ passed: number; error?: RejectionReason }> {
  const inspector = createUploadInspector(policy);
  let passed = 0;
  const pieces = Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) =>
    bytes.subarray(i * chunk, (i + 1) * chunk),
  );
  try {
    await pipeline(
      Readable.from(pieces),
      inspector.stream,
      new Writable({
        write(piece: Buffer, _encoding, callback) {
          passed += piece.length;
          callback();
        },
      }),
    );
    expect(inspector.result().size).toBe(bytes.length);
    return { passed };
  } catch (error) {
    return { passed, error: (error as { reason: RejectionReason }).reason };
  }
}

describe("images", () => {
  it("lets through what it was signed for", async () => {
    expect(await inspect(image("image/png"), png(64, 64))).toEqual({ passed: png(64, 64).length });
    expect((await inspect(image("image/jpeg"), jpeg(800, 600))).error).toBeUndefined();
    expect((await inspect(image("image/gif"), gif(10, 10))).error).toBeUndefined();
    expect((await inspect(image("image/webp"), webp(10, 10))).error).toBeUndefined();
    expect((await inspect(image("image/svg+xml"), safeSvg)).error).toBeUndefined();
    expect((await inspect(image("image/png"), png(MAX_IMAGE_SIDE, 1, { pixels: false }))).error).toBeUndefined();
  });

  it("refuses another type than the signed one as soon as the first bytes show it", async () => {
    const big = Buffer.concat([jpeg(10, 10), Buffer.alloc(100_000)]);
    const result = await inspect(image("image/png"), big, 1000);
    expect(result.error).toBe("type_mismatch");
    expect(result.passed).toBeLessThan(big.length);
    expect((await inspect(image("image/gif"), webp(10, 10))).error).toBe("type_mismatch");
  });

  it("refuses polyglots: PNG bytes as SVG, script as PNG, HTML as GIF", async () => {
    expect((await inspect(image("image/svg+xml"), png(10, 10))).error).toBe("type_mismatch");
    expect((await inspect(image("image/png"), Buffer.from("<script>alert(document.cookie)</script>"))).error).toBe(
      "type_mismatch",
    );
    expect((await inspect(image("image/gif"), Buffer.from("<html><body>hi</body></html>"))).error).toBe(
      "type_mismatch",
    );
  });

  it("refuses a header over 10000 pixels on either side", async () => {
    expect((await inspect(image("image/png"), png(30000, 30000, { pixels: false }))).error).toBe("too_many_pixels");
    expect((await inspect(image("image/png"), png(MAX_IMAGE_SIDE + 1, 1, { pixels: false }))).error).toBe(
      "too_many_pixels",
    );
    expect((await inspect(image("image/jpeg"), jpeg(10, 10_001))).error).toBe("too_many_pixels");
    expect((await inspect(image("image/webp"), webp(16000, 100, "VP8X"))).error).toBe("too_many_pixels");
    expect((await inspect(image("image/gif"), gif(65535, 65535))).error).toBe("too_many_pixels");
  });

  it("refuses an image whose size cannot be read", async () => {
    expect((await inspect(image("image/png"), png(10, 10).subarray(0, 20))).error).toBe("type_mismatch");
  });

  it("refuses an unsafe SVG", async () => {
    expect((await inspect(image("image/svg+xml"), svgWithScript)).error).toBe("unsafe_svg");
  });

  it("stops at the size cap, before reading on", async () => {
    const body = Buffer.concat([png(10, 10), Buffer.alloc(5000)]);
    const result = await inspect(image("image/png", 1000), body, 100);
    expect(result.error).toBe("too_large");
    expect(result.passed).toBeLessThanOrEqual(1000);
  });

  it("refuses an empty file", async () => {
    expect((await inspect(image("image/png"), Buffer.alloc(0))).error).toBe("empty");
  });
});

describe("lecture files", () => {
  it("wants %PDF- for a PDF", async () => {
    expect((await inspect({ kind: "pdf", maxBytes: 1_000_000 }, pdf())).error).toBeUndefined();
    expect((await inspect({ kind: "pdf", maxBytes: 1_000_000 }, Buffer.from("<html>not a pdf</html>"))).error).toBe(
      "not_pdf",
    );
    expect((await inspect({ kind: "pdf", maxBytes: 1_000_000 }, Buffer.from("%PD"))).error).toBe("not_pdf");
  });

  it("takes any other file up to its cap", async () => {
    expect((await inspect({ kind: "any", maxBytes: 100 }, Buffer.alloc(100, 1))).error).toBeUndefined();
    expect((await inspect({ kind: "any", maxBytes: 100 }, Buffer.alloc(101, 1))).error).toBe("too_large");
  });
});
