// Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...): the storage for several machines,
// chosen when S3_BUCKET is set (server/services.ts). The browser uploads straight to the bucket with a
// SigV4 presigned PUT whose Content-Type is signed (s3-signer.ts); a presigned PUT cannot cap the size or
// check the bytes, so the server checks the object afterwards (HEAD for the size, a ranged GET for the
// first bytes) before it is used: core/media/complete-direct-upload.ts. Everything else is the server's own
// signed requests over node:http(s) (which, unlike fetch, lets a stream go out with its Content-Length).
//
// Reading: GET /files/<key> streams the object through the server rather than redirecting to a presigned
// GET, so every file keeps the headers that make it safe to serve (nosniff, the sandboxing CSP, SVG as an
// attachment, the lecture's gate checked on every read, Range for video seeking) and the page never links
// to the bucket's origin. Public images are cached for a year (immutable), so repeated reads rarely reach
// the server; videos at scale belong on Bunny Stream (integrations/video/bunny.ts).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  encodeKeyPath,
  presignUrl,
  type S3Credentials,
  sha256Hex,
  signRequest,
  UNSIGNED_PAYLOAD,
} from "./s3-signer.ts";
import { assertValidContentType, assertValidKey, type Storage, type StoredObject } from "#core/ports/storage.ts";

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** MinIO, R2 or a test double; without it AWS's regional endpoint. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** https://endpoint/bucket/key instead of https://bucket.endpoint/key (MinIO and most self-hosted). */
  forcePathStyle?: boolean;
  /** Where a stream of unknown length waits to be counted before it is sent. */
  tempDir?: string;
  timeoutMs?: number;
};

export class S3Error extends Error {
  readonly status: number;
  readonly code: string;
  constructor(operation: string, status: number, code: string) {
    super(`S3 ${operation} failed: ${status} ${code}`);
    this.name = "S3Error";
    this.status = status;
    this.code = code;
  }
}

const DEFAULT_CONTENT_TYPE = "application/octet-stream";

/** The object's URL (path encoded once, as SigV4 signs it). */
export function s3ObjectUrl(
  options: Pick<S3StorageOptions, "bucket" | "region" | "endpoint" | "forcePathStyle">,
  key: string,
): URL {
  const base = new URL(options.endpoint || `https://s3.${options.region}.amazonaws.com`);
  const basePath = base.pathname.replace(/\/+$/, "");
  if (options.forcePathStyle) {
    return new URL(`${base.protocol}//${base.host}${basePath}/${options.bucket}/${encodeKeyPath(key)}`);
  }
  return new URL(`${base.protocol}//${options.bucket}.${base.host}${basePath}/${encodeKeyPath(key)}`);
}

async function readText(body: IncomingMessage, limit = 64 * 1024): Promise<string> {
  let text = "";
  for await (const chunk of body) {
    if (text.length < limit) text += (chunk as Buffer).toString("utf8");
  }
  return text;
}

function errorCode(xml: string): string {
  return /<Code>([^<]{1,100})<\/Code>/.exec(xml)?.[1] ?? "UnknownError";
}

export function createS3Storage(options: S3StorageOptions): Storage {
  const credentials: S3Credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
  const timeoutMs = options.timeoutMs ?? 60_000;
  const tempDir = options.tempDir ?? os.tmpdir();

  // Connections are kept for the next request (a file read is a HEAD and a GET).
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

  function send(
    method: string,
    url: URL,
    headers: Record<string, string>,
    body?: Buffer | Readable,
  ): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const secure = url.protocol === "https:";
      const request = (secure ? https : http).request(url, {
        method,
        headers,
        timeout: timeoutMs,
        agent: secure ? agents.https : agents.http,
      });
      request.once("response", (response) => {
        // The wait for an answer is bounded; a body read slowly (a paused video) is the reader's pace.
        request.setTimeout(0);
        resolve(response);
      });
      request.once("error", reject);
      request.once("timeout", () => request.destroy(new Error(`S3 ${method} timed out`)));
      if (body instanceof Readable) {
        pipeline(body, request).catch((error: unknown) => request.destroy(error as Error));
      } else {
        request.end(body);
      }
    });
  }

  /** A signed request for one object; the answer's body is the caller's to read or drop. */
  function call(
    method: string,
    key: string,
    init: { headers?: Record<string, string>; payloadHash?: string; body?: Buffer | Readable } = {},
  ): Promise<IncomingMessage> {
    const url = s3ObjectUrl(options, key);
    const headers = signRequest({
      method,
      url,
      region: options.region,
      credentials,
      headers: init.headers,
      payloadHash: init.payloadHash,
    });
    return send(method, url, headers, init.body);
  }

  async function fail(operation: string, response: IncomingMessage): Promise<never> {
    const code = errorCode(await readText(response));
    throw new S3Error(operation, response.statusCode ?? 0, code);
  }

  async function putStream(key: string, body: Readable, contentType: string, contentLength: number): Promise<void> {
    const response = await call("PUT", key, {
      headers: { "content-type": contentType, "content-length": String(contentLength) },
      payloadHash: UNSIGNED_PAYLOAD,
      body,
    });
    if (response.statusCode !== 200) await fail("PUT", response);
    response.resume();
  }

  async function deleteObject(key: string): Promise<void> {
    assertValidKey(key);
    const response = await call("DELETE", key);
    if (response.statusCode !== 204 && response.statusCode !== 200 && response.statusCode !== 404)
      await fail("DELETE", response);
    response.resume();
  }

  return {
    uploadsArriveHere: false,

    async put(key, body, { contentType, contentLength }) {
      assertValidKey(key);
      assertValidContentType(contentType);
      if (!(body instanceof Readable)) {
        const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
        const response = await call("PUT", key, {
          headers: { "content-type": contentType, "content-length": String(bytes.length) },
          payloadHash: sha256Hex(bytes),
          body: bytes,
        });
        if (response.statusCode !== 200) await fail("PUT", response);
        response.resume();
        return { size: bytes.length, contentType };
      }
      if (contentLength !== undefined) {
        await putStream(key, body, contentType, contentLength);
        return { size: contentLength, contentType };
      }
      // A stream of unknown length: S3 wants the length first, so the bytes are counted into a temporary file.
      const spool = path.join(tempDir, `studium-s3-${randomBytes(8).toString("hex")}`);
      try {
        await fsp.mkdir(tempDir, { recursive: true });
        await pipeline(body, fs.createWriteStream(spool, { flags: "wx", mode: 0o600 }));
        const { size } = await fsp.stat(spool);
        await putStream(key, fs.createReadStream(spool), contentType, size);
        return { size, contentType };
      } finally {
        await fsp.rm(spool, { force: true });
      }
    },

    async get(key, range) {
      assertValidKey(key);
      const response = await call("GET", key, { headers: range ? { range: `bytes=${range.start}-${range.end}` } : {} });
      if (response.statusCode === 404) {
        response.resume();
        return null;
      }
      if (response.statusCode !== 200 && response.statusCode !== 206) await fail("GET", response);
      return response;
    },

    async head(key): Promise<StoredObject | null> {
      assertValidKey(key);
      const response = await call("HEAD", key);
      response.resume();
      if (response.statusCode === 404) return null;
      if (response.statusCode !== 200) throw new S3Error("HEAD", response.statusCode ?? 0, "HeadFailed");
      return {
        size: Number(response.headers["content-length"] ?? 0),
        contentType: response.headers["content-type"] || DEFAULT_CONTENT_TYPE,
      };
    },

    delete: deleteObject,

    async move(fromKey, toKey) {
      assertValidKey(fromKey);
      assertValidKey(toKey);
      const response = await call("PUT", toKey, {
        headers: {
          "x-amz-copy-source": `/${options.bucket}/${encodeKeyPath(fromKey)}`,
          "x-amz-metadata-directive": "COPY",
        },
      });
      // A copy can fail after S3 already answered 200: the error is then in the body.
      const text = await readText(response);
      if (response.statusCode !== 200 || text.includes("<Error>")) {
        throw new S3Error("copy", response.statusCode ?? 0, errorCode(text));
      }
      await deleteObject(fromKey);
    },

    createSignedPutUrl(key, { contentType, expiresInSeconds, now }) {
      assertValidKey(key);
      assertValidContentType(contentType);
      return presignUrl({
        method: "PUT",
        url: s3ObjectUrl(options, key),
        region: options.region,
        credentials,
        expiresInSeconds,
        headers: { "content-type": contentType },
        now,
      });
    },

    // The bucket receives the PUTs, never this server: no URL of ours is a signed upload here.
    verifySignedPut: () => null,
  };
}
