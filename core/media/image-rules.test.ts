// Spec §5: webp, jpeg, png, svg, gif, otherwise 'Bad file extension'; names never carry paths.
import { describe, expect, it } from "vitest";
import { parseInput } from "../validation.ts";
import { isAppError } from "../errors.ts";
import {
  extensionOf,
  imageContentTypeFor,
  isImageExtension,
  isPlainFilename,
  isUploadContext,
  storageSafeName,
} from "./image-rules.ts";
import { createImageSchema } from "./schemas.ts";
import { keyFromPath, keyOwner, newImageKey, newLectureFileKey } from "./storage-keys.ts";
import { isValidKey } from "#core/ports/storage.ts";

describe("image extensions", () => {
  it("allows exactly webp, jpeg (and jpg), png, svg and gif, in any case and with a dot", () => {
    for (const extension of ["webp", "jpeg", "jpg", "png", "svg", "gif", "PNG", ".Jpeg", " gif "]) {
      expect(isImageExtension(extension), extension).toBe(true);
    }
    for (const extension of [
      "bmp",
      "tiff",
      "heic",
      "html",
      "svgz",
      "php",
      "js",
      "exe",
      "",
      "png.exe",
      "constructor",
      "toString",
    ]) {
      expect(isImageExtension(extension), extension).toBe(false);
    }
  });

  it("maps each to the content type the upload is signed for", () => {
    expect(imageContentTypeFor("jpg")).toBe("image/jpeg");
    expect(imageContentTypeFor("jpeg")).toBe("image/jpeg");
    expect(imageContentTypeFor("svg")).toBe("image/svg+xml");
    expect(imageContentTypeFor("webp")).toBe("image/webp");
    expect(imageContentTypeFor("bmp")).toBeNull();
  });

  it("answers 'Bad file extension' (as a translation key) for anything else", () => {
    try {
      parseInput(createImageSchema, { extension: "html", filename: "x.html", context: "course-cover" });
      expect.unreachable();
    } catch (error) {
      expect(isAppError(error)).toBe(true);
      expect((error as { fields: unknown }).fields).toEqual({ extension: [{ key: "media:bad_extension" }] });
    }
  });

  it("reads a name's last extension", () => {
    expect(extensionOf("photo.final.PNG")).toBe("png");
    expect(extensionOf("noextension")).toBe("");
    expect(extensionOf(".hidden")).toBe("");
  });
});

describe("file names", () => {
  it("refuses paths, '..', control characters and empty or long names", () => {
    for (const name of [
      "../etc/passwd",
      "..\\boot.ini",
      "a/b.png",
      "c:\\x.png",
      "..",
      ".",
      "a..b.png",
      "x\u0000.png",
      "x\n.png",
      "",
      " x.png",
      "x".repeat(201),
    ]) {
      expect(isPlainFilename(name), JSON.stringify(name)).toBe(false);
    }
    for (const name of ["photo.png", "Zdjęcie kursu (1).jpeg", "a-b_c.d.gif"]) expect(isPlainFilename(name)).toBe(true);
  });

  it("makes storage-safe names that keep the extension", () => {
    expect(storageSafeName("Zadanie domowe ąę ł (1).PDF")).toBe("Zadanie-domowe-ae-l-1.pdf");
    expect(storageSafeName("...")).toBe("file");
    expect(storageSafeName("../../secret.txt")).toBe("secret.txt");
    expect(isValidKey(`lectures/1/abc/${storageSafeName("..\u0000evil name...zip")}`)).toBe(true);
  });

  it("accepts short lower-case contexts only", () => {
    expect(isUploadContext("course-cover")).toBe(true);
    expect(isUploadContext("reply")).toBe(true);
    for (const context of ["Course", "a b", "-x", "x-", "../x", "x".repeat(41), ""])
      expect(isUploadContext(context)).toBe(false);
  });
});

describe("storage keys", () => {
  it("are made up by the server, valid and unguessable", () => {
    const a = newImageKey("PNG", new Date("2026-03-04T00:00:00Z"));
    const b = newImageKey("png", new Date("2026-03-04T00:00:00Z"));
    expect(a).toMatch(/^images\/2026\/03\/[0-9a-f]{24}\.png$/);
    expect(a).not.toBe(b);
    expect(isValidKey(a)).toBe(true);
    expect(newLectureFileKey(12, "Slides (final).pdf")).toMatch(/^lectures\/12\/[0-9a-f]{24}\/Slides-final\.pdf$/);
  });

  it("tell who may read them by their prefix", () => {
    expect(keyOwner("images/2026/03/x.png")).toEqual({ kind: "image" });
    expect(keyOwner("lectures/12/abc/x.pdf")).toEqual({ kind: "lecture", lectureId: 12 });
    expect(keyOwner("lectures/0/abc/x.pdf")).toEqual({ kind: "other" });
    expect(keyOwner("videos/3/video.mp4")).toEqual({ kind: "other" });
    expect(keyFromPath("/files/images/a.png")).toBe("images/a.png");
    expect(keyFromPath("images/a.png")).toBe("images/a.png");
  });
});
