// Shared by the media specs (English and Polish): decodable PNGs (a plain one and a large photo-like one) and
// the whole upload-preview-delete walk of the image upload box on /home/images, with axe on each state.
import { crc32, deflateSync } from "node:zlib";
import fs from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import { expect, expectAccessible, gotoHydrated } from "./fixtures.ts";

/** A decodable PNG (the browser must be able to show the preview). */
export function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([37, 99, 235], 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A photo-like PNG (gradients with noise, which deflate cannot shrink much): 2560 × 1600 is about 11.6 MB,
 * over the 10 MB cap until the upload box scales it down.
 */
export function noisyPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const raw = Buffer.alloc((1 + width * 3) * height);
  let seed = 12345;
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = (seed >> 16) & 63;
      raw[row + 1 + x * 3] = ((x * 255) / width + noise) & 255;
      raw[row + 2 + x * 3] = ((y * 255) / height + noise) & 255;
      raw[row + 3 + x * 3] = (128 + noise) & 255;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export const texts = {
  en: {
    title: "Images",
    group: "New image",
    choose: /Choose an image/,
    bad: "Bad file extension",
    preview: "Preview of New image",
    deleteButton: "Delete",
    dialog: "Delete this image?",
    confirm: "Delete",
    expired: "Your session has expired - please reload",
  },
  pl: {
    title: "Obrazy",
    group: "Nowy obraz",
    choose: /Wybierz obraz/,
    bad: "Nieprawidłowe rozszerzenie pliku",
    preview: "Podgląd: Nowy obraz",
    deleteButton: "Usuń",
    dialog: "Usunąć ten obraz?",
    confirm: "Usuń",
    expired: "Twoja sesja wygasła – odśwież stronę",
  },
} as const;

export async function uploadAndDelete(page: Page, language: "en" | "pl") {
  const text = texts[language];
  await gotoHydrated(page, "/home/images");
  await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();
  const box = page.getByRole("group", { name: text.group });
  await expectAccessible(page);

  // A wrong extension is refused in the browser: nothing is sent.
  let created = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/home/images/create") created += 1;
  });
  await box
    .getByLabel(text.choose)
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(box.getByRole("alert")).toHaveText(text.bad);
  expect(created).toBe(0);
  await expectAccessible(page);

  // A real image: create, PUT (without session headers), preview.
  const put = page.waitForRequest(
    (request) => request.method() === "PUT" && new URL(request.url()).pathname.startsWith("/uploads/images/"),
  );
  await box.getByLabel(text.choose).setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: png(400, 600) });
  const putRequest = await put;
  const headers = await putRequest.allHeaders();
  expect(headers["content-type"]).toBe("image/png");
  expect(headers["x-csrf-token"]).toBeUndefined();
  const preview = box.getByRole("img", { name: text.preview });
  await expect(preview).toBeVisible();
  await expect(preview).toHaveJSProperty("complete", true);
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
  const height = await preview.evaluate((img) => img.getBoundingClientRect().height);
  expect(height).toBeLessThanOrEqual(150);
  await expect(box.getByRole("alert")).toHaveCount(0);
  const src = (await preview.getAttribute("src"))!;
  expect((await page.request.get(src)).status()).toBe(200);
  await expectAccessible(page);

  // Delete asks first; cancelling keeps the image.
  await box.getByRole("button", { name: text.deleteButton }).click();
  const dialog = page.getByRole("alertdialog", { name: text.dialog });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: language === "en" ? "Cancel" : "Anuluj" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(preview).toBeVisible();

  await box.getByRole("button", { name: text.deleteButton }).click();
  const [answer] = await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname === "/home/images/delete"),
    page.getByRole("alertdialog").getByRole("button", { name: text.confirm }).click(),
  ]);
  expect(await answer.json()).toBe(true);
  await expect(preview).toHaveCount(0);
  await expect(box.getByLabel(text.choose)).toBeAttached();
  expect((await page.request.get(src)).status()).toBe(404);
  await expectAccessible(page);
}

/** The picture as a file on disk: the browser reads it from there (no copy through the test protocol). */
export function bigPngFile(testInfo: TestInfo): { path: string; size: number } {
  const file = testInfo.outputPath("holiday.png");
  const bytes = noisyPng(2560, 1600);
  fs.writeFileSync(file, bytes);
  return { path: file, size: bytes.length };
}

/** Chooses the file in the upload box and waits for the preview; answers the stored bytes. */
export async function uploadAndRead(
  page: Page,
  language: "en" | "pl",
  file: string | { name: string; mimeType: string; buffer: Buffer },
) {
  const text = texts[language];
  await gotoHydrated(page, "/home/images");
  const box = page.getByRole("group", { name: text.group });
  await box.getByLabel(text.choose).setInputFiles(file);
  const preview = box.getByRole("img", { name: text.preview });
  await expect(preview).toBeVisible({ timeout: 60_000 });
  await expect(preview).toHaveJSProperty("complete", true);
  await expect(box.getByRole("alert")).toHaveCount(0);
  const stored = await page.request.get((await preview.getAttribute("src"))!);
  expect(stored.status()).toBe(200);
  expect(stored.headers()["content-type"]).toBe("image/png");
  return { preview, bytes: await stored.body() };
}
