// One HTTP attempt of a delivery: POST the JSON body with the Standard Webhooks headers (webhook-id,
// webhook-timestamp, webhook-signature "v1,<base64 HMAC-SHA256 of id.timestamp.body>", signed by the
// `standardwebhooks` reference library), at most `timeoutMs` in all, no redirects followed, 2xx = delivered.
//
// SSRF (SECURITY.md figure 13): the request goes through request-filtering-agent, which checks the address the
// socket is about to connect to, after the DNS lookup, for every connection. So a name that resolves to 127.0.0.1,
// 10.x, 169.254.169.254 or ::1 is refused even when it resolved to a public address when the endpoint was saved
// (DNS rebinding): there is no window between the check and the connection. We use node:http(s) with that agent
// rather than fetch, because Node's fetch (undici) takes no http.Agent; docs/decisions/0034-webhook-delivery.md.
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { Webhook } from "standardwebhooks";

export const RESPONSE_BODY_MAX = 2000;
const READ_MAX = 64 * 1024;

export type SendOptions = {
  url: string;
  signingSecret: string;
  messageId: string;
  payload: string;
  /** when the attempt is made (the signed timestamp) */
  at: Date;
  timeoutMs: number;
  /** tests only: the local receiver listens on 127.0.0.1 (never set in production: webhook-settings.ts) */
  allowLoopback?: boolean;
  /** the DNS resolver (tests give one that answers 127.0.0.1 for any name) */
  lookup?: LookupFunction;
};

export type SendResult = {
  ok: boolean;
  headers: Record<string, string>;
  status: number | null;
  body: string | null;
  error: string | null;
};

/** The Standard Webhooks headers of one attempt. */
export function signedHeaders(options: Pick<SendOptions, "signingSecret" | "messageId" | "payload" | "at">) {
  const signature = new Webhook(options.signingSecret).sign(options.messageId, options.at, options.payload);
  return {
    "content-type": "application/json",
    "user-agent": "Studium-Webhooks/1",
    "webhook-id": options.messageId,
    "webhook-timestamp": String(Math.floor(options.at.getTime() / 1000)),
    "webhook-signature": signature,
  };
}

function agentFor(url: URL, allowLoopback: boolean) {
  const filter = {
    allowPrivateIPAddress: false,
    allowMetaIPAddress: false,
    allowIPAddressList: allowLoopback ? ["127.0.0.0/8", "::1"] : [],
    keepAlive: false,
  };
  return url.protocol === "https:" ? new RequestFilteringHttpsAgent(filter) : new RequestFilteringHttpAgent(filter);
}

export async function sendWebhook(options: SendOptions): Promise<SendResult> {
  const url = new URL(options.url);
  const headers = signedHeaders(options);
  const client = url.protocol === "https:" ? https : http;
  const signal = AbortSignal.timeout(options.timeoutMs);
  const agent = agentFor(url, options.allowLoopback ?? false);
  try {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = client.request(
        url,
        {
          method: "POST",
          headers: { ...headers, "content-length": Buffer.byteLength(options.payload) },
          agent,
          signal,
          ...(options.lookup ? { lookup: options.lookup } : {}),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on("data", (chunk: Buffer) => {
            // Only the start of a long answer is kept; the rest is read and dropped.
            if (size < READ_MAX) chunks.push(chunk);
            size += chunk.length;
          });
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
          );
          response.on("error", reject);
        },
      );
      request.on("error", reject);
      request.end(options.payload);
    });
    return {
      ok: answer.status >= 200 && answer.status < 300,
      headers,
      status: answer.status,
      body: answer.body.slice(0, RESPONSE_BODY_MAX),
      error: null,
    };
  } catch (error) {
    const timedOut = signal.aborted;
    const message = timedOut
      ? `timed out after ${options.timeoutMs} ms`
      : error instanceof Error
        ? error.message
        : String(error);
    return { ok: false, headers, status: null, body: null, error: message.slice(0, RESPONSE_BODY_MAX) };
  } finally {
    agent.destroy();
  }
}
