// A stateful stand-in for one Bunny Stream library, an in-process HTTP server speaking like Bunny: the video
// API (AccessKey header), the tus endpoint (tus 1.0 core + creation, each request carrying the signed
// AuthorizationSignature = sha256(library_id + api_key + expiration_time + video_id), AuthorizationExpire,
// VideoId and LibraryId, checked against its clock), and webhooks it sends signed with the library's
// Read-Only API key (X-BunnyStream-Signature, hex HMAC-SHA256 of the raw body). The arithmetic is written
// out here again, independent of integrations/video/bunny.ts. Requests it does not understand are answered
// 400 and recorded in `unhandled` (tests assert it is empty).
import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeBunnyOptions = { libraryId: string; apiKey: string; readOnlyKey: string };

export type FakeBunnyVideo = {
  guid: string;
  title: string;
  /** the GET video object's enum: 0 created, 1 uploaded, 2 processing, 3 transcoding, 4 finished, 5 error, 6 upload failed */
  status: number;
  bytes: Buffer | null;
};

type TusUpload = { guid: string; length: number; data: Buffer[]; offset: number; metadata: string };

export type FakeBunny = {
  apiUrl: string;
  tusUrl: string;
  videos: Map<string, FakeBunnyVideo>;
  requests: { method: string; path: string; status: number }[];
  unhandled: string[];
  /** The next API call (not tus) answers this status. */
  failNextApiCall(status: number): void;
  advance(ms: number): void;
  /** Sends a webhook to `url` as Bunny does; `secret` or `signature` forge it. Resolves with our answer's status. */
  sendWebhook(
    url: string,
    event: { VideoGuid: string; Status: number; VideoLibraryId?: number | string } | string,
    forge?: { secret?: string; signature?: string; omitSignature?: boolean },
  ): Promise<number>;
  close(): Promise<void>;
};

const TUS = "1.0.0";

export async function startFakeBunny(options: FakeBunnyOptions): Promise<FakeBunny> {
  const videos = new Map<string, FakeBunnyVideo>();
  const uploads = new Map<string, TusUpload>();
  const requests: FakeBunny["requests"] = [];
  const unhandled: string[] = [];
  let failNext: number | null = null;
  let offsetMs = 0;
  let base = "";

  function tusAuthorized(request: http.IncomingMessage, guid: string): boolean {
    const h = (name: string) => String(request.headers[name.toLowerCase()] ?? "");
    const expire = Number(h("AuthorizationExpire"));
    const expected = createHash("sha256").update(`${options.libraryId}${options.apiKey}${expire}${guid}`).digest("hex");
    return (
      h("LibraryId") === options.libraryId &&
      h("VideoId") === guid &&
      Number.isInteger(expire) &&
      expire * 1000 > Date.now() + offsetMs &&
      h("AuthorizationSignature") === expected
    );
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const method = request.method ?? "GET";
    const url = new URL(request.url ?? "/", base);
    const path = url.pathname;
    const record = { method, path, status: 0 };
    requests.push(record);
    const send = (status: number, headers: Record<string, string> = {}, body?: unknown) => {
      record.status = status;
      if (request.headers.origin) {
        headers["access-control-allow-origin"] = "*";
        headers["access-control-expose-headers"] = "Location, Upload-Offset, Upload-Length, Tus-Resumable";
      }
      if (body !== undefined) headers["content-type"] = "application/json";
      response.writeHead(status, headers);
      response.end(body === undefined ? undefined : JSON.stringify(body));
    };
    const unknown = () => {
      request.resume();
      unhandled.push(`${method} ${request.url}`);
      send(400, {}, { Message: "the fake does not handle this" });
    };
    const readBody = async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };

    // --- the video API ---
    const api = /^\/library\/([^/]+)\/videos(?:\/([^/]+))?$/.exec(path);
    if (api) {
      if (api[1] !== options.libraryId) return unknown();
      if (request.headers.accesskey !== options.apiKey) {
        request.resume();
        return send(401, {}, { Message: "Authorization has been denied for this request." });
      }
      if (failNext !== null) {
        const status = failNext;
        failNext = null;
        request.resume();
        return send(status, {}, { Message: "simulated failure" });
      }
      const guid = api[2];
      if (method === "POST" && !guid) {
        const body = JSON.parse((await readBody()).toString("utf8") || "{}") as { title?: unknown };
        if (typeof body.title !== "string" || !body.title) return send(400, {}, { Message: "title is required" });
        const video: FakeBunnyVideo = { guid: randomUUID(), title: body.title, status: 0, bytes: null };
        videos.set(video.guid, video);
        return send(
          200,
          {},
          { videoLibraryId: Number(options.libraryId), guid: video.guid, title: video.title, status: 0, length: 0 },
        );
      }
      const video = guid ? videos.get(guid) : undefined;
      if (method === "GET" && guid) {
        request.resume();
        if (!video) return send(404, {}, { Message: "Video not found" });
        return send(
          200,
          {},
          { videoLibraryId: Number(options.libraryId), guid: video.guid, title: video.title, status: video.status },
        );
      }
      if (method === "DELETE" && guid) {
        request.resume();
        if (!video) return send(404, {}, { Message: "Video not found" });
        videos.delete(video.guid);
        return send(200, {}, { success: true, message: "OK", statusCode: 200 });
      }
      return unknown();
    }

    // --- tus ---
    const tus = /^\/tusupload(?:\/([A-Za-z0-9]+))?$/.exec(path);
    if (!tus) return unknown();
    if (method === "OPTIONS") {
      request.resume();
      return send(204, {
        "tus-resumable": TUS,
        "tus-version": TUS,
        "tus-extension": "creation",
        "access-control-allow-origin": "*",
        "access-control-allow-methods": "POST, HEAD, PATCH, OPTIONS",
        "access-control-allow-headers":
          "Tus-Resumable, Upload-Length, Upload-Metadata, Upload-Offset, Content-Type, AuthorizationSignature, AuthorizationExpire, VideoId, LibraryId",
      });
    }
    if (request.headers["tus-resumable"] !== TUS) {
      request.resume();
      return send(412, { "tus-version": TUS });
    }
    const tusHeaders = { "tus-resumable": TUS };
    if (method === "POST" && !tus[1]) {
      request.resume();
      const guid = String(request.headers.videoid ?? "");
      if (!videos.has(guid) || !tusAuthorized(request, guid)) return send(401, tusHeaders, { Message: "Unauthorized" });
      const length = Number(request.headers["upload-length"]);
      if (!Number.isSafeInteger(length) || length <= 0) return send(400, tusHeaders, { Message: "Upload-Length" });
      const id = randomBytes(8).toString("hex");
      uploads.set(id, {
        guid,
        length,
        data: [],
        offset: 0,
        metadata: String(request.headers["upload-metadata"] ?? ""),
      });
      return send(201, { ...tusHeaders, location: `${base}/tusupload/${id}` });
    }
    const upload = tus[1] ? uploads.get(tus[1]) : undefined;
    if (!upload) return unknown();
    if (!tusAuthorized(request, upload.guid)) {
      request.resume();
      return send(401, tusHeaders, { Message: "Unauthorized" });
    }
    if (method === "HEAD") {
      request.resume();
      return send(200, {
        ...tusHeaders,
        "upload-offset": String(upload.offset),
        "upload-length": String(upload.length),
        "cache-control": "no-store",
      });
    }
    if (method === "PATCH") {
      if (request.headers["content-type"] !== "application/offset+octet-stream") {
        request.resume();
        return send(415, tusHeaders);
      }
      if (Number(request.headers["upload-offset"]) !== upload.offset) {
        request.resume();
        return send(409, tusHeaders);
      }
      const piece = await readBody();
      if (upload.offset + piece.length > upload.length) return send(400, tusHeaders, { Message: "past Upload-Length" });
      upload.data.push(piece);
      upload.offset += piece.length;
      if (upload.offset === upload.length) {
        const video = videos.get(upload.guid);
        if (video) {
          video.bytes = Buffer.concat(upload.data);
          video.status = 1;
        }
      }
      return send(204, { ...tusHeaders, "upload-offset": String(upload.offset) });
    }
    return unknown();
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      unhandled.push(`${request.method} ${request.url}: ${String(error)}`);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiUrl: base,
    tusUrl: `${base}/tusupload`,
    videos,
    requests,
    unhandled,
    failNextApiCall(status) {
      failNext = status;
    },
    advance(ms) {
      offsetMs += ms;
    },
    async sendWebhook(url, event, forge = {}) {
      const body =
        typeof event === "string" ? event : JSON.stringify({ VideoLibraryId: Number(options.libraryId), ...event });
      const signature =
        forge.signature ??
        createHmac("sha256", forge.secret ?? options.readOnlyKey)
          .update(body)
          .digest("hex");
      const headers: Record<string, string> = {
        "content-type": "application/json",
        "x-bunnystream-signature-version": "v1",
        "x-bunnystream-signature-algorithm": "hmac-sha256",
      };
      if (!forge.omitSignature) headers["x-bunnystream-signature"] = signature;
      const response = await fetch(url, { method: "POST", headers, body });
      await response.arrayBuffer();
      return response.status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
