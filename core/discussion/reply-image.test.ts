// Reply images (§6, SECURITY.md uploads): recognised by their bytes, capped in bytes and pixels.
import { describe, expect, it } from "vitest";
import { isAppError } from "../errors.ts";
import { checkReplyImage, detectImage } from "./reply-image.ts";

function png(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write("IHDR", 12, "ascii");
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

function gif(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(13);
  bytes.write("GIF89a", 0, "ascii");
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  return bytes;
}

function jpeg(width: number, height: number): Buffer {
  // SOI, an APP0 segment of 16 bytes, then SOF0 with the size.
  const app0 = Buffer.concat([Buffer.from([0xff, 0xe0, 0x00, 0x10]), Buffer.alloc(14)]);
  const sof = Buffer.alloc(19);
  sof.writeUInt16BE(0xffc0, 0);
  sof.writeUInt16BE(17, 2);
  sof[4] = 8;
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof]);
}

function webp(chunk: "VP8 " | "VP8L" | "VP8X", width: number, height: number): Buffer {
  const bytes = Buffer.alloc(40);
  bytes.write("RIFF", 0, "ascii");
  bytes.writeUInt32LE(32, 4);
  bytes.write("WEBP", 8, "ascii");
  bytes.write(chunk, 12, "ascii");
  if (chunk === "VP8 ") {
    bytes.set([0x9d, 0x01, 0x2a], 23);
    bytes.writeUInt16LE(width, 26);
    bytes.writeUInt16LE(height, 28);
  } else if (chunk === "VP8L") {
    bytes[20] = 0x2f;
    bytes.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 21);
  } else {
    bytes.writeUIntLE(width - 1, 24, 3);
    bytes.writeUIntLE(height - 1, 27, 3);
  }
  return bytes;
}

function errorKey(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return error.fields?.image?.[0]?.key;
    throw error;
  }
  return undefined;
}

describe("detectImage", () => {
  it("recognises PNG, JPEG, GIF and WebP by their bytes, with their size", () => {
    expect(detectImage(png(640, 480))).toEqual({ ext: "png", contentType: "image/png", width: 640, height: 480 });
    expect(detectImage(jpeg(800, 600))).toEqual({ ext: "jpg", contentType: "image/jpeg", width: 800, height: 600 });
    expect(detectImage(gif(32, 16))).toEqual({ ext: "gif", contentType: "image/gif", width: 32, height: 16 });
    expect(detectImage(webp("VP8 ", 100, 50))).toMatchObject({ ext: "webp", width: 100, height: 50 });
    expect(detectImage(webp("VP8L", 300, 200))).toMatchObject({ ext: "webp", width: 300, height: 200 });
    expect(detectImage(webp("VP8X", 4000, 3000))).toMatchObject({ ext: "webp", width: 4000, height: 3000 });
  });

  it("refuses anything else, whatever its name would say", () => {
    expect(detectImage(Buffer.from("hello, this is text"))).toBeNull();
    expect(
      detectImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBeNull();
    expect(detectImage(Buffer.from("%PDF-1.7\n"))).toBeNull();
    expect(detectImage(Buffer.alloc(0))).toBeNull();
    expect(detectImage(Buffer.from([0xff, 0xd8, 0xff, 0x00]))).toBeNull(); // a JPEG start without a frame
  });
});

describe("checkReplyImage", () => {
  it("accepts an ordinary picture", () => {
    expect(checkReplyImage(png(1280, 800)).ext).toBe("png");
  });

  it("refuses a file that is not an image (422 on the image field)", () => {
    expect(errorKey(() => checkReplyImage(Buffer.from("MZ executable")))).toBe("discussion:image_type");
  });

  it("refuses more than 5 MB", () => {
    const big = Buffer.concat([png(100, 100), Buffer.alloc(5 * 1024 * 1024)]);
    expect(errorKey(() => checkReplyImage(big))).toBe("validation:file_max");
  });

  it("refuses huge dimensions (a 30000 x 30000 PNG)", () => {
    expect(errorKey(() => checkReplyImage(png(30000, 30000)))).toBe("discussion:image_dimensions");
    expect(errorKey(() => checkReplyImage(png(9000, 9000)))).toBe("discussion:image_dimensions");
    expect(errorKey(() => checkReplyImage(png(0, 10)))).toBe("discussion:image_dimensions");
  });
});
