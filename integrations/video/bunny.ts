// Bunny Stream (../shared/INTEGRATIONS.md "Video: Bunny Stream"): videos are created through the library's
// API (AccessKey), the browser's tus client uploads straight to Bunny with the spec's signed headers
// (AuthorizationSignature = sha256(library_id + api_key + expiration_time + video_id)), Bunny transcodes and
// tells us by webhook (X-BunnyStream-Signature: hex HMAC-SHA256 of the raw body, keyed with the library's
// Read-Only API key), and lectures play Bunny's embedded player (optionally with an embed view token).
// Two status enums: the webhook's and the GET video object's differ, so there are two mappings onto ours.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { type HostedVideoEvent, type VideoHost, VideoHostError } from "#core/ports/video-host.ts";

export type BunnyOptions = {
  libraryId: string;
  apiKey: string;
  /** the library's Read-Only API key, which signs the webhooks */
  webhookSecret: string;
  apiUrl: string;
  tusUrl: string;
  embedUrl: string;
  /** vz-....b-cdn.net: the HLS playlist's host, when known */
  cdnHost?: string;
  /** the embed view token authentication key, when the library requires tokens */
  tokenAuthKey?: string;
  /** how long the upload's signed headers are valid */
  uploadSeconds?: number;
  /** how long a signed embed address plays */
  playbackSeconds?: number;
  timeoutMs?: number;
};

// Our statuses (the spec's bunny_status).
const PROCESSING_QUEUED = 0;
const PROCESSING = 1;
const PROCESSING_ENCODING = 2;
const READY = 3;
const FAILED = 5;

/**
 * Webhook Status -> ours: 0 queued, 1 processing, 2 encoding stay processing; 3 finished and 4 resolution
 * finished (the first one means playable) are ready; 5 failed and 8 presigned upload failed are failed;
 * 6/7 (presigned upload started/finished) are still processing; 9 captions and 10 title generated change
 * nothing (null).
 */
export function statusFromWebhook(status: number): number | null {
  switch (status) {
    case 0:
      return PROCESSING_QUEUED;
    case 1:
      return PROCESSING;
    case 2:
      return PROCESSING_ENCODING;
    case 3:
    case 4:
      return READY;
    case 5:
    case 8:
      return FAILED;
    case 6:
    case 7:
      return PROCESSING_QUEUED;
    default:
      return null;
  }
}

/**
 * The GET video object's `status` -> ours: 0 created (nothing uploaded yet), 1 uploaded, 2 processing and
 * 3 transcoding are processing; 4 finished is ready; 5 error and 6 upload failed are failed.
 */
export function statusFromVideoObject(status: number): number | null {
  switch (status) {
    case 0:
      return PROCESSING_QUEUED;
    case 1:
      return PROCESSING;
    case 2:
    case 3:
      return PROCESSING_ENCODING;
    case 4:
      return READY;
    case 5:
    case 6:
      return FAILED;
    default:
      return null;
  }
}

const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The tus upload's AuthorizationSignature. */
export function bunnyUploadSignature(libraryId: string, apiKey: string, expires: number, videoId: string): string {
  return sha256Hex(`${libraryId}${apiKey}${expires}${videoId}`);
}

/** The embed view token: SHA256_HEX(token_security_key + video_id + expiration). */
export function bunnyEmbedToken(tokenAuthKey: string, videoId: string, expires: number): string {
  return sha256Hex(`${tokenAuthKey}${videoId}${expires}`);
}

/** X-BunnyStream-Signature: lowercase hex HMAC-SHA256 of the raw body with the Read-Only API key. */
export function bunnyWebhookSignature(secret: string, rawBody: Buffer | string): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createBunnyStream(options: BunnyOptions): VideoHost {
  const apiBase = options.apiUrl.replace(/\/+$/, "");
  const uploadSeconds = options.uploadSeconds ?? 24 * 60 * 60;
  const playbackSeconds = options.playbackSeconds ?? 6 * 60 * 60;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const videoUrl = (id?: string) =>
    `${apiBase}/library/${encodeURIComponent(options.libraryId)}/videos${id === undefined ? "" : `/${encodeURIComponent(id)}`}`;

  async function call(method: string, url: string, body?: unknown): Promise<Response> {
    try {
      return await fetch(url, {
        method,
        headers: {
          AccessKey: options.apiKey,
          accept: "application/json",
          ...(body ? { "content-type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new VideoHostError(`Bunny Stream ${method} failed: ${(error as Error).message}`, 0);
    }
  }

  async function failed(method: string, response: Response): Promise<never> {
    await response.body?.cancel();
    throw new VideoHostError(`Bunny Stream ${method} answered ${response.status}`, response.status);
  }

  return {
    provider: "bunny",

    async createVideo(title) {
      const response = await call("POST", videoUrl(), { title });
      if (!response.ok) return failed("create", response);
      const video = (await response.json()) as { guid?: unknown };
      if (typeof video.guid !== "string" || !GUID.test(video.guid))
        throw new VideoHostError("Bunny Stream gave no video id", 502);
      return { id: video.guid };
    },

    async getVideo(id) {
      const response = await call("GET", videoUrl(id));
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) return failed("get", response);
      const video = (await response.json()) as { guid?: unknown; status?: unknown };
      const vendorStatus = typeof video.status === "number" ? video.status : -1;
      return { id, status: statusFromVideoObject(vendorStatus), vendorStatus };
    },

    async deleteVideo(id) {
      const response = await call("DELETE", videoUrl(id));
      if (!response.ok && response.status !== 404) return failed("delete", response);
      await response.body?.cancel();
    },

    uploadAuthorization(id, now = new Date()) {
      const expires = Math.floor(now.getTime() / 1000) + uploadSeconds;
      return {
        endpoint: options.tusUrl,
        AuthorizationSignature: bunnyUploadSignature(options.libraryId, options.apiKey, expires, id),
        AuthorizationExpire: expires,
        VideoId: id,
        LibraryId: options.libraryId,
      };
    },

    playback(id, now = new Date()) {
      const embed = new URL(
        `${options.embedUrl.replace(/\/+$/, "")}/${encodeURIComponent(options.libraryId)}/${encodeURIComponent(id)}`,
      );
      if (options.tokenAuthKey) {
        const expires = Math.floor(now.getTime() / 1000) + playbackSeconds;
        embed.searchParams.set("token", bunnyEmbedToken(options.tokenAuthKey, id, expires));
        embed.searchParams.set("expires", String(expires));
      }
      return {
        embedUrl: embed.toString(),
        hlsUrl: options.cdnHost ? `https://${options.cdnHost}/${encodeURIComponent(id)}/playlist.m3u8` : null,
      };
    },

    verifyWebhook(rawBody, headers) {
      const version = header(headers, "x-bunnystream-signature-version");
      const algorithm = header(headers, "x-bunnystream-signature-algorithm");
      const signature = header(headers, "x-bunnystream-signature") ?? "";
      if ((version !== undefined && version !== "v1") || (algorithm !== undefined && algorithm !== "hmac-sha256"))
        return "forged";
      if (!/^[0-9a-f]{64}$/.test(signature)) return "forged";
      const expected = Buffer.from(bunnyWebhookSignature(options.webhookSecret, rawBody), "hex");
      if (!timingSafeEqual(expected, Buffer.from(signature, "hex"))) return "forged";
      let event: { VideoLibraryId?: unknown; VideoGuid?: unknown; Status?: unknown };
      try {
        event = JSON.parse(rawBody.toString("utf8")) as typeof event;
      } catch {
        return "ignored";
      }
      if (String(event.VideoLibraryId) !== options.libraryId) return "ignored";
      if (typeof event.VideoGuid !== "string" || !GUID.test(event.VideoGuid) || typeof event.Status !== "number")
        return "ignored";
      const result: HostedVideoEvent = {
        videoId: event.VideoGuid,
        status: statusFromWebhook(event.Status),
        vendorStatus: event.Status,
      };
      return result;
    },
  };
}
