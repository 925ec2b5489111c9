// Magic bytes and pixel sizes, read from headers alone.
import { describe, expect, it } from "vitest";
import { gif, jpeg, mp4Like, pdf, png, safeSvg, webp } from "#tests/helpers/media-fixtures.ts";
import { detectRasterType, detectVideoContentType, isPdf, readRasterInfo } from "./file-signature.ts";

describe("raster images", () => {
  it("reads the type and size of PNG, JPEG, GIF and the three WebP kinds", () => {
    expect(readRasterInfo(png(640, 480))).toEqual({ type: "png", width: 640, height: 480 });
    expect(readRasterInfo(png(30000, 30000, { pixels: false }))).toEqual({ type: "png", width: 30000, height: 30000 });
    expect(readRasterInfo(jpeg(1280, 800))).toEqual({ type: "jpeg", width: 1280, height: 800 });
    expect(readRasterInfo(jpeg(20000, 10, { app1Bytes: 60000 }))).toEqual({ type: "jpeg", width: 20000, height: 10 });
    expect(readRasterInfo(gif(300, 200))).toEqual({ type: "gif", width: 300, height: 200 });
    expect(readRasterInfo(webp(1000, 700, "VP8L"))).toEqual({ type: "webp", width: 1000, height: 700 });
    expect(readRasterInfo(webp(1000, 700, "VP8 "))).toEqual({ type: "webp", width: 1000, height: 700 });
    expect(readRasterInfo(webp(16000, 12000, "VP8X"))).toEqual({ type: "webp", width: 16000, height: 12000 });
  });

  it("knows no size for a cut header, and nothing for other bytes", () => {
    expect(readRasterInfo(png(10, 10).subarray(0, 20))).toEqual({ type: "png", width: null, height: null });
    expect(readRasterInfo(jpeg(10, 10).subarray(0, 30))).toEqual({ type: "jpeg", width: null, height: null });
    for (const other of [safeSvg, pdf(), Buffer.from("alert(1)//"), Buffer.alloc(0), Buffer.from("GIF90a....")]) {
      expect(readRasterInfo(other)).toBeNull();
      expect(detectRasterType(other)).toBeNull();
    }
  });

  it("does not take a JPEG's SOS-before-SOF or a corrupt marker for a size", () => {
    const corrupt = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0x12, 0x34, 0x56]);
    expect(readRasterInfo(corrupt)).toEqual({ type: "jpeg", width: null, height: null });
    const scanFirst = Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 0, 0, 0, 0, 0, 0]);
    expect(readRasterInfo(scanFirst)).toEqual({ type: "jpeg", width: null, height: null });
  });
});

describe("documents and videos", () => {
  it("knows a PDF by %PDF-", () => {
    expect(isPdf(pdf())).toBe(true);
    expect(isPdf(Buffer.from("<html>%PDF-1.4"))).toBe(false);
  });

  it("knows MP4, QuickTime, WebM and Ogg containers", () => {
    expect(detectVideoContentType(mp4Like(100))).toBe("video/mp4");
    const mov = mp4Like(100);
    mov.write("qt  ", 8, "latin1");
    expect(detectVideoContentType(mov)).toBe("video/quicktime");
    expect(detectVideoContentType(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe("video/webm");
    expect(detectVideoContentType(Buffer.from("OggS\0\x02........"))).toBe("video/ogg");
    expect(detectVideoContentType(png(2, 2))).toBeNull();
    expect(detectVideoContentType(Buffer.from("#!/bin/sh\nrm -rf /"))).toBeNull();
  });
});
