// The upload box's sequence: scaled to the context's hint, create, PUT, and the confirm call only when the
// ticket asks for it (a PUT straight to a bucket); nothing more after a refused PUT or a file still too big.
import { describe, expect, it } from "vitest";
import { type SendImageCalls, sendImage } from "./send-image.ts";

function recorder(options: { ticket: Record<string, string>; putStatus?: number; compressed?: Blob }) {
  const log: string[] = [];
  const calls: SendImageCalls = {
    async post<T>(path: string, body: unknown) {
      log.push(`POST ${path} ${JSON.stringify(body)}`);
      return (path === "/home/images/create" ? options.ticket : { download: "images/x.png" }) as T;
    },
    async put(url, file, contentType, onProgress) {
      log.push(`PUT ${url} ${contentType} ${file.size}`);
      onProgress(100);
      return {
        status: options.putStatus ?? 200,
        message: options.putStatus === 422 ? "The file's content does not match its type." : null,
      };
    },
    async compress(file, contentType, box) {
      log.push(`compress ${contentType} ${box.width}x${box.height}`);
      return options.compressed ?? file;
    },
  };
  return { calls, log };
}

const send = (calls: SendImageCalls, file = new Blob(["12345678"])) =>
  sendImage(calls, {
    file,
    filename: "cover.png",
    extension: "png",
    contentType: "image/png",
    context: "course-cover",
    onPreparing: () => {},
    onProgress: () => {},
  });

describe("sendImage", () => {
  it("uploads the scaled file to our signed address and stops there", async () => {
    const { calls, log } = recorder({
      ticket: { upload: "/uploads/images/x.png?sig", download: "images/x.png" },
      compressed: new Blob(["123"]),
    });
    expect(await send(calls)).toEqual({ ok: true, download: "images/x.png" });
    expect(log).toEqual([
      "compress image/png 1280x800",
      'POST /home/images/create {"extension":"png","filename":"cover.png","context":"course-cover"}',
      "PUT /uploads/images/x.png?sig image/png 3",
    ]);
  });

  it("confirms after a PUT to a bucket, when the ticket says so", async () => {
    const { calls, log } = recorder({
      ticket: {
        upload: "https://bucket.example/incoming/images/x.png?X-Amz-Signature=a",
        download: "images/x.png",
        confirm: "/home/images/confirm",
      },
    });
    expect(await send(calls)).toEqual({ ok: true, download: "images/x.png" });
    expect(log.at(-1)).toBe('POST /home/images/confirm {"path":"images/x.png","context":"course-cover"}');
  });

  it("does not confirm a refused PUT, and hands back the refusal", async () => {
    const { calls, log } = recorder({
      ticket: { upload: "u", download: "images/x.png", confirm: "/home/images/confirm" },
      putStatus: 422,
    });
    expect(await send(calls)).toEqual({
      ok: false,
      status: 422,
      message: "The file's content does not match its type.",
    });
    expect(log.some((line) => line.startsWith("POST /home/images/confirm"))).toBe(false);
  });

  it("refuses a file still over 10 MB after scaling, before asking for an address", async () => {
    const { calls, log } = recorder({ ticket: { upload: "u", download: "d" } });
    expect(await send(calls, new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]))).toEqual({
      ok: false,
      status: 413,
      message: null,
    });
    expect(log).toEqual(["compress image/png 1280x800"]);
  });
});
