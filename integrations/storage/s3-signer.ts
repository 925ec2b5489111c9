// AWS Signature Version 4 for S3, written with node:crypto instead of the AWS SDK (two small functions
// against ~3 MB of @aws-sdk packages): presigned URLs (the browser's PUT, with the Content-Type signed
// as a header, so it must match byte for byte) and signed requests (the server's own HEAD, GET, PUT,
// copy and DELETE). Checked against AWS's published examples in s3-signer.test.ts.
import { createHash, createHmac } from "node:crypto";

export type S3Credentials = { accessKeyId: string; secretAccessKey: string };

/** The payload hash of a request whose body is not hashed (a presigned PUT, a streamed upload). */
export const UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";

export const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60;

const ALGORITHM = "AWS4-HMAC-SHA256";

export function sha256Hex(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac("sha256", key).update(data, "utf8").digest();
}

/** 2013-05-24T00:00:00Z -> "20130524T000000Z" */
export function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

function signingKey(secret: string, day: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), "aws4_request");
}

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is %XX (upper case). */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** An object key as a URL path: each segment encoded, the slashes kept. */
export function encodeKeyPath(key: string): string {
  return key.split("/").map(uriEncode).join("/");
}

function canonicalQuery(url: URL, without?: string): string {
  const pairs: [string, string][] = [];
  for (const [name, value] of url.searchParams) {
    if (name !== without) pairs.push([uriEncode(name), uriEncode(value)]);
  }
  pairs.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return pairs.map(([name, value]) => `${name}=${value}`).join("&");
}

function canonicalHeaders(headers: Record<string, string>): { canonical: string; signed: string } {
  const entries = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, " ")] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    canonical: entries.map(([name, value]) => `${name}:${value}\n`).join(""),
    signed: entries.map(([name]) => name).join(";"),
  };
}

function signature(options: {
  method: string;
  url: URL;
  query: string;
  headers: Record<string, string>;
  payloadHash: string;
  date: string;
  scope: string;
  key: Buffer;
}): { signature: string; signedHeaders: string } {
  const { canonical, signed } = canonicalHeaders(options.headers);
  // S3 signs the path as sent (already encoded once), not encoded again like other services.
  const request = [
    options.method,
    options.url.pathname || "/",
    options.query,
    canonical,
    signed,
    options.payloadHash,
  ].join("\n");
  const stringToSign = [ALGORITHM, options.date, options.scope, sha256Hex(request)].join("\n");
  return {
    signature: createHmac("sha256", options.key).update(stringToSign, "utf8").digest("hex"),
    signedHeaders: signed,
  };
}

export type PresignOptions = {
  method: string;
  /** The object's URL, its path already encoded (encodeKeyPath); any query it has is signed too. */
  url: URL | string;
  region: string;
  credentials: S3Credentials;
  expiresInSeconds: number;
  /** Headers the request must carry exactly, besides Host (e.g. content-type). */
  headers?: Record<string, string>;
  now?: Date;
  service?: string;
};

/** A presigned URL: the whole permission in the query string, valid until X-Amz-Date + X-Amz-Expires. */
export function presignUrl(options: PresignOptions): string {
  const seconds = options.expiresInSeconds;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_PRESIGN_SECONDS) {
    throw new Error(`expiresInSeconds must be a whole number from 1 to ${MAX_PRESIGN_SECONDS}`);
  }
  const url = new URL(options.url);
  const date = amzDate(options.now ?? new Date());
  const day = date.slice(0, 8);
  const service = options.service ?? "s3";
  const scope = `${day}/${options.region}/${service}/aws4_request`;
  const headers = { ...options.headers, host: url.host };
  url.searchParams.set("X-Amz-Algorithm", ALGORITHM);
  url.searchParams.set("X-Amz-Credential", `${options.credentials.accessKeyId}/${scope}`);
  url.searchParams.set("X-Amz-Date", date);
  url.searchParams.set("X-Amz-Expires", String(seconds));
  url.searchParams.set("X-Amz-SignedHeaders", canonicalHeaders(headers).signed);
  const query = canonicalQuery(url);
  const { signature: value } = signature({
    method: options.method,
    url,
    query,
    headers,
    payloadHash: UNSIGNED_PAYLOAD,
    date,
    scope,
    key: signingKey(options.credentials.secretAccessKey, day, options.region, service),
  });
  return `${url.origin}${url.pathname}?${query}&X-Amz-Signature=${value}`;
}

export type SignRequestOptions = {
  method: string;
  url: URL | string;
  region: string;
  credentials: S3Credentials;
  /** Headers to send and sign (Host is added from the URL). */
  headers?: Record<string, string>;
  /** sha256Hex of the body, or UNSIGNED_PAYLOAD for a streamed one. Default: the empty body's hash. */
  payloadHash?: string;
  now?: Date;
  service?: string;
};

/**
 * The headers of a signed request: the given ones plus x-amz-date, x-amz-content-sha256 and Authorization.
 * Host is signed but not returned (the HTTP client sets it from the URL).
 */
export function signRequest(options: SignRequestOptions): Record<string, string> {
  const url = new URL(options.url);
  const date = amzDate(options.now ?? new Date());
  const day = date.slice(0, 8);
  const service = options.service ?? "s3";
  const scope = `${day}/${options.region}/${service}/aws4_request`;
  const payloadHash = options.payloadHash ?? sha256Hex("");
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
  headers["x-amz-date"] = date;
  headers["x-amz-content-sha256"] = payloadHash;
  const { signature: value, signedHeaders } = signature({
    method: options.method,
    url,
    query: canonicalQuery(url),
    headers: { ...headers, host: url.host },
    payloadHash,
    date,
    scope,
    key: signingKey(options.credentials.secretAccessKey, day, options.region, service),
  });
  headers.authorization = `${ALGORITHM} Credential=${options.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${value}`;
  return headers;
}
