// Where file bytes travel, outside the JSON API's scope (bodies are streams here, never parsed):
// - PUT /uploads/<key>?content_type&expires&signature: the browser's upload to a signed address (spec §7:
//   no session, no CSRF header; the signature is the permission).
// - tus 1.0 (core + creation) at /tus/videos: a lecture video's resumable upload. The session cookie and the
//   CSRF header authorise it (the tus client sends both); only the admin who created the video may use it, or
//   for a comment's video its author, who also sends the signed headers of the comment's videoUpload.
// - GET /files/<key>: stored files, public images for everyone, a lecture's files by the lecture's gate.
// - GET /videos/<id>/stream: a ready local video, by its lecture's gate, with Range (206) for seeking.
// - POST /webhooks/bunny: the video host's signed status notifications (media-webhooks.ts).
// With S3 storage, files are read through here as well (streamed from the bucket; see integrations/storage/s3.ts
// for why not a redirect), and browsers' PUTs go to the bucket instead of PUT /uploads/.
import { PassThrough, type Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "#core/errors.ts";
import { idParam } from "#core/shared/ids.ts";
import { type Actor, requireSignedIn } from "#core/shared/actor.ts";
import { fileReadAccess, findPlayableVideo } from "#core/media/file-access.ts";
import { storeSignedUpload } from "#core/media/store-signed-upload.ts";
import { TUS_ENDPOINT } from "#core/media/create-video.ts";
import type { SignedUploadHeaders } from "#core/media/comment-video-access.ts";
import { MAX_VIDEO_BYTES } from "#core/media/limits.ts";
import {
  appendVideoUpload,
  parseUploadMetadata,
  startVideoUpload,
  videoUploadState,
} from "#core/media/video-upload.ts";
import { UploadExceedsLengthError, UploadLockedError, UploadOffsetMismatchError } from "#platform/storage/resumable.ts";
import { SIGNED_PUT_PATH } from "#integrations/storage/signed-url.ts";
import type { StoredObject } from "#core/ports/storage.ts";
import type { Services } from "../services.ts";
import { parseRange } from "../http/byte-range.ts";
import { sendError } from "../http/errors.ts";
import { csrfGuardPlugin } from "../plugins/csrf-guard.ts";
import { mediaWebhookRoutes } from "./media-webhooks.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

const TUS_VERSION = "1.0.0";

/**
 * The request's body as a stream of its own: when a consumer fails (a size cap, a bad type) only this stream
 * is destroyed, not the connection, so the error answer still reaches the client; a client that hangs up
 * breaks it, so no consumer waits forever.
 */
function requestBody(request: FastifyRequest): Readable {
  const raw = request.raw;
  const body = new PassThrough();
  raw.pipe(body);
  raw.once("error", (error) => body.destroy(error));
  raw.once("close", () => {
    if (!raw.complete) body.destroy(new Error("the client closed the connection"));
  });
  return body;
}

const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;
const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Reads what is left of a request body and drops it; false when it did not end in time or went on past
 * DRAIN_LIMIT_BYTES (a chunked body announces no length: it is read up to the same bound).
 */
function drainRequest(raw: FastifyRequest["raw"]): Promise<boolean> {
  return new Promise((resolve) => {
    let drained = 0;
    const count = (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_LIMIT_BYTES) done(false);
    };
    const timer = setTimeout(() => done(false), DRAIN_TIMEOUT_MS);
    function done(ended: boolean) {
      clearTimeout(timer);
      raw.off("data", count);
      resolve(ended);
    }
    raw.on("data", count);
    raw.once("end", () => done(true));
    raw.once("close", () => done(raw.complete));
    raw.unpipe();
    raw.resume();
  });
}

function contentLengthOf(request: FastifyRequest): number | undefined {
  const header = request.headers["content-length"];
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
}

/** Files are data, never documents of this site: no scripts, no plugins, no framing, in a sandbox. */
const FILE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";
// A PDF is shown by the watch page's viewer (an <object> of the same site): it may be framed by the site.
const PDF_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";

function contentDisposition(kind: "inline" | "attachment", filename: string): string {
  const ascii = filename.replace(/[^A-Za-z0-9._-]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Sends a stored object (whole, or the asked-for range) with the given headers. */
async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  key: string,
  headers: Record<string, string>,
  known?: StoredObject,
) {
  const stored = known ?? (await services.storage.head(key));
  if (!stored) throw new AppError("not_found");
  reply.headers({ ...headers, "Content-Type": stored.contentType, "Accept-Ranges": "bytes" });
  const range = parseRange(request.headers.range, stored.size);
  if (range.kind === "unsatisfiable") {
    reply.header("Content-Range", `bytes */${stored.size}`);
    return reply.status(416).send();
  }
  const start = range.kind === "partial" ? range.start : 0;
  const end = range.kind === "partial" ? range.end : stored.size - 1;
  if (range.kind === "partial") {
    reply.status(206).header("Content-Range", `bytes ${start}-${end}/${stored.size}`);
  }
  reply.header("Content-Length", String(stored.size === 0 ? 0 : end - start + 1));
  if (request.method === "HEAD" || stored.size === 0) return reply.send();
  const stream = await services.storage.get(key, range.kind === "partial" ? { start, end } : undefined);
  if (!stream) throw new AppError("not_found");
  return reply.send(stream);
}

function tusVideoId(request: FastifyRequest): number {
  return idParam((request.params as { id?: string }).id);
}

/** A comment video's signed headers (core/media/comment-video-access.ts), as the tus client sends them. */
function signedHeaders(request: FastifyRequest): SignedUploadHeaders {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === "string" ? value : undefined;
  };
  return {
    AuthorizationSignature: header("authorizationsignature"),
    AuthorizationExpire: header("authorizationexpire"),
    VideoId: header("videoid"),
    LibraryId: header("libraryid"),
  };
}

// A visitor is asked to log in before the tus headers are read; the use-cases ask the policy (video-upload.ts).
function tusUploader(request: FastifyRequest): Actor {
  return requireSignedIn(request.ctx.actor);
}

export async function mediaTransferRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // Bodies are streams, read by the handlers themselves.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));
  await app.register(csrfGuardPlugin, { services });
  // An answer given before the body was read to its end (a refusal). A client still sending the body would
  // see its write fail (EPIPE) instead of the answer if the connection closed now, so a body of known, bounded
  // size (or a chunked one, up to that bound) is read to its end and dropped first; a larger or endless one
  // closes the connection (which is then not reused: the rest of that body would otherwise be read as the next
  // request).
  app.addHook("onSend", async (request, reply) => {
    const raw = request.raw;
    if (raw.complete || request.method === "GET" || request.method === "HEAD") return;
    const length = contentLengthOf(request);
    if ((length === undefined || length <= DRAIN_LIMIT_BYTES) && (await drainRequest(raw))) return;
    reply.header("Connection", "close");
  });
  const deps = { db: services.db, storage: services.storage, resumable: services.resumable, secret: services.secret };
  await app.register(mediaWebhookRoutes, { services });

  // ---------------------------------------------------------------------------------------------------------
  // Signed uploads

  app.put(`${SIGNED_PUT_PATH}*`, { config: { csrf: false, rateLimit: routeLimits.upload } }, async (request, reply) => {
    const contentType = request.headers["content-type"];
    const { download } = await storeSignedUpload(deps, {
      url: request.url,
      contentType,
      contentLength: contentLengthOf(request),
      body: requestBody(request),
    });
    return reply.send({ download });
  });

  // ---------------------------------------------------------------------------------------------------------
  // tus 1.0: core protocol and the creation extension

  app.register(async (tus) => {
    tus.addHook("onRequest", async (request, reply) => {
      if (request.method === "OPTIONS") return;
      reply.header("Tus-Resumable", TUS_VERSION);
      reply.header("Cache-Control", "no-store");
      if (request.headers["tus-resumable"] !== TUS_VERSION) {
        reply.header("Tus-Version", TUS_VERSION);
        return reply.status(412).send({ message: "Unsupported tus version" });
      }
    });

    tus.options(TUS_ENDPOINT, async (_request, reply) =>
      reply
        .status(204)
        .headers({
          "Tus-Resumable": TUS_VERSION,
          "Tus-Version": TUS_VERSION,
          "Tus-Extension": "creation",
          "Tus-Max-Size": String(MAX_VIDEO_BYTES),
        })
        .send(),
    );

    tus.post(TUS_ENDPOINT, limited(routeLimits.upload), async (request, reply) => {
      const user = tusUploader(request);
      const lengthHeader = request.headers["upload-length"];
      if (typeof lengthHeader !== "string" || !/^\d{1,16}$/.test(lengthHeader)) {
        throw new AppError("validation", { messageKey: "media:upload_length_required" });
      }
      const metadata = parseUploadMetadata(request.headers["upload-metadata"] as string | undefined);
      const videoId = idParam(metadata?.video_id);
      await startVideoUpload(deps, { user, videoId, length: Number(lengthHeader), signed: signedHeaders(request) });
      return reply.status(201).header("Location", `${TUS_ENDPOINT}/${videoId}`).send();
    });

    tus.head(`${TUS_ENDPOINT}/:id`, async (request, reply) => {
      const user = tusUploader(request);
      const upload = await videoUploadState(deps, {
        user,
        videoId: tusVideoId(request),
        signed: signedHeaders(request),
      });
      return reply
        .headers({ "Upload-Offset": String(upload.offset), "Upload-Length": String(upload.length) })
        .status(200)
        .send();
    });

    tus.patch(`${TUS_ENDPOINT}/:id`, limited(routeLimits.uploadChunk), async (request, reply) => {
      const user = tusUploader(request);
      const videoId = tusVideoId(request);
      if (request.headers["content-type"] !== "application/offset+octet-stream") {
        return reply.status(415).send({ message: "Content-Type must be application/offset+octet-stream" });
      }
      const offsetHeader = request.headers["upload-offset"];
      if (typeof offsetHeader !== "string" || !/^\d{1,16}$/.test(offsetHeader)) {
        throw new AppError("validation", { messageKey: "media:upload_offset_required" });
      }
      try {
        const upload = await appendVideoUpload(deps, {
          user,
          videoId,
          offset: Number(offsetHeader),
          body: requestBody(request),
          signed: signedHeaders(request),
        });
        return reply.status(204).header("Upload-Offset", String(upload.offset)).send();
      } catch (error) {
        if (error instanceof UploadOffsetMismatchError) {
          return reply.status(409).header("Upload-Offset", String(error.expected)).send({ message: error.message });
        }
        throw error;
      }
    });

    // The store's refusals in tus terms: 423 (another piece is being written: the client retries) and 413.
    tus.setErrorHandler((error, request, reply) => {
      if (error instanceof UploadLockedError) return reply.status(423).send({ message: error.message });
      if (error instanceof UploadExceedsLengthError) {
        return sendError(request, reply, new AppError("too_large", { messageKey: "media:past_upload_length" }));
      }
      return sendError(request, reply, error);
    });
  });

  // ---------------------------------------------------------------------------------------------------------
  // Reading files and videos

  app.get("/files/*", async (request, reply) => {
    let key: string;
    try {
      key = decodeURIComponent((request.params as { "*": string })["*"]);
    } catch {
      throw new AppError("not_found");
    }
    const access = await fileReadAccess(services.db, request.ctx.user, key);
    if (!access) throw new AppError("not_found");
    const filename = key.split("/").pop()!;
    const stored = await services.storage.head(key);
    if (!stored) throw new AppError("not_found");
    const isPdf = stored.contentType === "application/pdf";
    const isRaster = /^image\/(png|jpeg|gif|webp)$/.test(stored.contentType);
    const headers: Record<string, string> = {
      "Cache-Control": access.visibility === "public" ? "public, max-age=31536000, immutable" : "private, no-cache",
      "Content-Security-Policy": isPdf ? PDF_POLICY : FILE_POLICY,
      // Only pictures and PDFs are shown in the page; an SVG and any other file is a download.
      "Content-Disposition": contentDisposition(isRaster || isPdf ? "inline" : "attachment", filename),
    };
    if (isPdf) headers["X-Frame-Options"] = "SAMEORIGIN";
    if (access.visibility === "private") headers.Vary = "Cookie";
    return sendStored(request, reply, services, key, headers, stored);
  });

  app.get("/videos/:id/stream", async (request, reply) => {
    const video = await findPlayableVideo(services.db, request.ctx.user, tusVideoId(request));
    if (!video) throw new AppError("not_found");
    return sendStored(request, reply, services, video.storageKey, {
      "Cache-Control": "private, no-cache",
      "Content-Security-Policy": FILE_POLICY,
      Vary: "Cookie",
    });
  });
}
