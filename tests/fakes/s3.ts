// A stateful stand-in for an S3 bucket (path-style, like MinIO), an in-process HTTP server that checks
// requests the way S3 does before it acts on them: presigned URLs (credential scope, X-Amz-Expires against
// its clock, the signed headers with their values, so a PUT with another Content-Type than the signed one
// fails with SignatureDoesNotMatch) and the Authorization header of the server's own requests (clock skew,
// every x-amz-* header signed, the body's SHA-256 unless UNSIGNED-PAYLOAD). The SigV4 arithmetic is written
// out again here, on purpose independent of integrations/storage/s3-signer.ts. Objects live in memory.
// Requests it does not understand are answered 400 and recorded in `unhandled` (tests assert it is empty).
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeS3Options = { bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

export type FakeObject = { body: Buffer; contentType: string };

export type FakeS3Request = {
  method: string;
  key: string | null;
  auth: "presigned" | "header" | "none";
  status: number;
  /** S3's error code when refused */
  code?: string;
};

export type FakeS3 = {
  /** http://127.0.0.1:<port>, for S3_ENDPOINT (with S3_FORCE_PATH_STYLE) */
  endpoint: string;
  objects: Map<string, FakeObject>;
  requests: FakeS3Request[];
  unhandled: string[];
  /** Moves the bucket's clock (expiry, skew) forward. */
  advance(ms: number): void;
  close(): Promise<void>;
};

const SKEW_MS = 15 * 60 * 1000;

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** 20130524T000000Z -> Date, or null */
function parseAmzDate(text: string | undefined): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text ?? "");
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
}

class S3Refusal extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message = code) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

function errorXml(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

export async function startFakeS3(options: FakeS3Options): Promise<FakeS3> {
  const objects = new Map<string, FakeObject>();
  const requests: FakeS3Request[] = [];
  const unhandled: string[] = [];
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);

  function signingKey(day: string): Buffer {
    return hmac(hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, day), options.region), "s3"), "aws4_request");
  }

  function checkScope(credential: string, date: Date, dateText: string) {
    const [accessKeyId, day, region, service, terminator, ...rest] = credential.split("/");
    if (accessKeyId !== options.accessKeyId) throw new S3Refusal(403, "InvalidAccessKeyId");
    if (rest.length || service !== "s3" || terminator !== "aws4_request" || day !== dateText.slice(0, 8)) {
      throw new S3Refusal(400, "AuthorizationQueryParametersError", "credential scope");
    }
    if (region !== options.region) throw new S3Refusal(400, "AuthorizationHeaderMalformed", `region ${region}`);
    if (Number.isNaN(date.getTime())) throw new S3Refusal(400, "AuthorizationQueryParametersError", "date");
  }

  /** Every x-amz-* header the request carries must be among the signed ones (S3's rule). */
  function checkAmzHeadersSigned(request: http.IncomingMessage, signed: string[]) {
    for (const name of Object.keys(request.headers)) {
      if (name.startsWith("x-amz-") && !signed.includes(name)) {
        throw new S3Refusal(403, "AccessDenied", "There were headers present in the request which were not signed");
      }
    }
  }

  function expectedSignature(
    request: http.IncomingMessage,
    rawPath: string,
    queryPairs: [string, string][],
    signed: string[],
    payloadHash: string,
    dateText: string,
  ): string {
    const query = queryPairs
      .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
      .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
      .map(([name, value]) => `${name}=${value}`)
      .join("&");
    const headerLines = signed
      .map((name) => {
        const value = request.headers[name];
        const text = Array.isArray(value) ? value.join(",") : (value ?? "");
        return `${name}:${text.trim().replace(/\s+/g, " ")}\n`;
      })
      .join("");
    const canonical = [request.method, rawPath, query, headerLines, signed.join(";"), payloadHash].join("\n");
    const scope = `${dateText.slice(0, 8)}/${options.region}/s3/aws4_request`;
    const stringToSign = ["AWS4-HMAC-SHA256", dateText, scope, sha256(canonical)].join("\n");
    return createHmac("sha256", signingKey(dateText.slice(0, 8)))
      .update(stringToSign)
      .digest("hex");
  }

  function sameSignature(expected: string, actual: string) {
    const a = Buffer.from(expected);
    const b = Buffer.from(actual);
    if (a.length !== b.length || !timingSafeEqual(a, b)) throw new S3Refusal(403, "SignatureDoesNotMatch");
  }

  function verifyPresigned(request: http.IncomingMessage, rawPath: string, pairs: [string, string][]) {
    const get = (name: string) => pairs.find(([key]) => key === name)?.[1];
    if (get("X-Amz-Algorithm") !== "AWS4-HMAC-SHA256")
      throw new S3Refusal(400, "AuthorizationQueryParametersError", "algorithm");
    const dateText = get("X-Amz-Date") ?? "";
    const date = parseAmzDate(dateText);
    if (!date) throw new S3Refusal(400, "AuthorizationQueryParametersError", "X-Amz-Date");
    checkScope(get("X-Amz-Credential") ?? "", date, dateText);
    const expires = Number(get("X-Amz-Expires"));
    if (!Number.isInteger(expires) || expires < 1 || expires > 604800) {
      throw new S3Refusal(400, "AuthorizationQueryParametersError", "X-Amz-Expires");
    }
    if (now().getTime() > date.getTime() + expires * 1000)
      throw new S3Refusal(403, "AccessDenied", "Request has expired");
    if (date.getTime() > now().getTime() + SKEW_MS)
      throw new S3Refusal(403, "AccessDenied", "Request is not valid yet");
    const signed = (get("X-Amz-SignedHeaders") ?? "").split(";");
    if (!signed.includes("host")) throw new S3Refusal(400, "AuthorizationQueryParametersError", "host must be signed");
    checkAmzHeadersSigned(request, signed);
    const withoutSignature = pairs.filter(([name]) => name !== "X-Amz-Signature");
    sameSignature(
      expectedSignature(request, rawPath, withoutSignature, signed, "UNSIGNED-PAYLOAD", dateText),
      get("X-Amz-Signature") ?? "",
    );
  }

  function verifyHeader(request: http.IncomingMessage, rawPath: string, pairs: [string, string][], body: Buffer) {
    const match = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
      request.headers.authorization ?? "",
    );
    if (!match) throw new S3Refusal(400, "AuthorizationHeaderMalformed");
    const [, credential, signedText, signature] = match;
    const dateText = String(request.headers["x-amz-date"] ?? "");
    const date = parseAmzDate(dateText);
    if (!date) throw new S3Refusal(403, "AccessDenied", "x-amz-date is required");
    checkScope(credential!, date, dateText);
    if (Math.abs(date.getTime() - now().getTime()) > SKEW_MS) throw new S3Refusal(403, "RequestTimeTooSkewed");
    const payloadHash = request.headers["x-amz-content-sha256"];
    if (typeof payloadHash !== "string") throw new S3Refusal(400, "InvalidRequest", "x-amz-content-sha256 is required");
    const signed = signedText!.split(";");
    if (!signed.includes("host")) throw new S3Refusal(400, "AuthorizationHeaderMalformed", "host must be signed");
    checkAmzHeadersSigned(request, signed);
    sameSignature(expectedSignature(request, rawPath, pairs, signed, payloadHash, dateText), signature!);
    if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body))
      throw new S3Refusal(400, "XAmzContentSHA256Mismatch");
  }

  function keyOf(rawPath: string): string | null {
    const prefix = `/${options.bucket}/`;
    if (!rawPath.startsWith(prefix) || rawPath.length === prefix.length) return null;
    try {
      return rawPath.slice(prefix.length).split("/").map(decodeURIComponent).join("/");
    } catch {
      return null;
    }
  }

  function parseQuery(raw: string): [string, string][] {
    if (!raw) return [];
    return raw.split("&").map((part) => {
      const at = part.indexOf("=");
      const name = at === -1 ? part : part.slice(0, at);
      const value = at === -1 ? "" : part.slice(at + 1);
      return [decodeURIComponent(name), decodeURIComponent(value)];
    });
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = request.url ?? "/";
    const questionMark = url.indexOf("?");
    const rawPath = questionMark === -1 ? url : url.slice(0, questionMark);
    const pairs = parseQuery(questionMark === -1 ? "" : url.slice(questionMark + 1));
    const key = keyOf(rawPath);
    const method = request.method ?? "GET";
    const record: FakeS3Request = { method, key, auth: "none", status: 0 };
    requests.push(record);
    const answer = (status: number, headers: Record<string, string> = {}, payload?: Buffer | string) => {
      record.status = status;
      if (request.headers.origin) headers["access-control-allow-origin"] = "*";
      response.writeHead(status, headers);
      response.end(method === "HEAD" ? undefined : payload);
    };
    const unknown = () => {
      unhandled.push(`${method} ${url}`);
      answer(400, { "content-type": "application/xml" }, errorXml("NotImplemented", "the fake does not handle this"));
    };

    if (key === null) return unknown();
    // A browser's CORS preflight before its PUT: S3 answers it from the bucket's CORS rules, unsigned.
    if (method === "OPTIONS") {
      const allowed = ["PUT", "GET", "HEAD"].includes(String(request.headers["access-control-request-method"]));
      if (!request.headers.origin || !allowed) return unknown();
      return answer(200, {
        "access-control-allow-origin": "*",
        "access-control-allow-methods": "PUT, GET, HEAD",
        "access-control-allow-headers": "content-type",
        "access-control-max-age": "3000",
      });
    }
    if (!["PUT", "GET", "HEAD", "DELETE"].includes(method)) return unknown();
    const presigned = pairs.some(([name]) => name === "X-Amz-Signature");
    try {
      if (presigned) {
        record.auth = "presigned";
        verifyPresigned(request, rawPath, pairs);
      } else if (request.headers.authorization) {
        record.auth = "header";
        verifyHeader(request, rawPath, pairs, body);
      } else {
        throw new S3Refusal(403, "AccessDenied", "anonymous access is not allowed");
      }
      if (pairs.some(([name]) => !name.startsWith("X-Amz-"))) return unknown();
    } catch (error) {
      if (!(error instanceof S3Refusal)) throw error;
      record.code = error.code;
      return answer(error.status, { "content-type": "application/xml" }, errorXml(error.code, error.message));
    }

    const object = objects.get(key);
    const notFound = () => {
      record.code = "NoSuchKey";
      answer(404, { "content-type": "application/xml" }, errorXml("NoSuchKey", "The specified key does not exist."));
    };
    const etag = (bytes: Buffer) => `"${createHash("md5").update(bytes).digest("hex")}"`;

    if (method === "PUT") {
      const copySource = request.headers["x-amz-copy-source"];
      if (typeof copySource === "string") {
        const source = keyOf(copySource.startsWith("/") ? copySource : `/${copySource}`);
        const from = source === null ? undefined : objects.get(source);
        if (!from) return notFound();
        objects.set(key, { body: Buffer.from(from.body), contentType: from.contentType });
        const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<CopyObjectResult><ETag>${etag(from.body)}</ETag></CopyObjectResult>`;
        return answer(200, { "content-type": "application/xml" }, xml);
      }
      const declared = request.headers["content-length"];
      if (declared === undefined) {
        record.code = "MissingContentLength";
        return answer(
          411,
          { "content-type": "application/xml" },
          errorXml("MissingContentLength", "Content-Length is required"),
        );
      }
      objects.set(key, { body, contentType: request.headers["content-type"] || "binary/octet-stream" });
      return answer(200, { etag: etag(body) });
    }
    if (method === "DELETE") {
      objects.delete(key);
      return answer(204);
    }
    if (!object) {
      if (method === "HEAD") {
        record.code = "NoSuchKey";
        return answer(404);
      }
      return notFound();
    }
    const headers: Record<string, string> = {
      "content-type": object.contentType,
      "accept-ranges": "bytes",
      etag: etag(object.body),
    };
    const range = /^bytes=(\d+)-(\d*)$/.exec(String(request.headers.range ?? ""));
    if (method === "GET" && range) {
      const start = Number(range[1]);
      const end = Math.min(range[2] ? Number(range[2]) : object.body.length - 1, object.body.length - 1);
      if (start >= object.body.length || start > end) {
        record.code = "InvalidRange";
        return answer(
          416,
          { "content-type": "application/xml", "content-range": `bytes */${object.body.length}` },
          errorXml("InvalidRange", "range"),
        );
      }
      const piece = object.body.subarray(start, end + 1);
      return answer(
        206,
        {
          ...headers,
          "content-length": String(piece.length),
          "content-range": `bytes ${start}-${end}/${object.body.length}`,
        },
        piece,
      );
    }
    return answer(200, { ...headers, "content-length": String(object.body.length) }, object.body);
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      unhandled.push(`${request.method} ${request.url}: ${String(error)}`);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    unhandled,
    advance(ms) {
      offsetMs += ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
