// Tpay's OpenAPI as one authorised caller, shared by the purchase adapter (tpay.ts) and the card payments of
// memberships (tpay-card.ts): the hosts per environment, the OAuth client-credentials token kept until shortly
// before it expires, and one retry with a fresh token when Tpay answers 401.
import { answerError, callProvider, type HttpAnswer, pickBaseUrl, record } from "./http.ts";

export const tpayHosts = {
  production: { api: "https://api.tpay.com", secure: "https://secure.tpay.com" },
  sandbox: { api: "https://openapi.sandbox.tpay.com", secure: "https://secure.sandbox.tpay.com" },
};

export type TpayApi = {
  apiBase: string;
  secureBase: string;
  fetchImpl: typeof fetch;
  call(method: string, path: string, body?: unknown): Promise<HttpAnswer>;
};

export function createTpayApi(
  values: Record<string, string | undefined>,
  options: { baseUrl?: string; fetch?: typeof fetch },
): TpayApi {
  const environment = values.environment === "sandbox" ? tpayHosts.sandbox : tpayHosts.production;
  const apiBase = pickBaseUrl(options.baseUrl, environment.api);
  // With a base URL override (tests, offline development) the fake serves the certificates too, so its origin is
  // the trusted x5u host; in production only Tpay's secure host is.
  const secureBase = pickBaseUrl(options.baseUrl, environment.secure);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const answer = await callProvider("tpay", fetchImpl, `${apiBase}/oauth/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ client_id: values.client_id!, client_secret: values.client_secret! }).toString(),
    });
    const body = record(answer.json);
    if (answer.status !== 200 || typeof body.access_token !== "string")
      throw answerError("tpay", "getting an access token", answer, body.error);
    const lifetime = typeof body.expires_in === "number" ? body.expires_in : 7200;
    token = { value: body.access_token, until: Date.now() + Math.max(lifetime - 60, 30) * 1000 };
    return token.value;
  }

  async function call(method: string, path: string, body?: unknown): Promise<HttpAnswer> {
    for (let attempt = 0; ; attempt += 1) {
      const answer = await callProvider("tpay", fetchImpl, `${apiBase}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      // An expired token is refused with 401 (nothing was created): fetch a new one once.
      if (answer.status !== 401 || attempt > 0) return answer;
      token = null;
    }
  }

  return { apiBase, secureBase, fetchImpl, call };
}

/** The first error code of a failed Tpay answer ({result: "failed", errors: [{errorCode}]}), for the logs. */
export function firstErrorCode(body: Record<string, unknown>): unknown {
  const errors = Array.isArray(body.errors) ? body.errors : [];
  return record(errors[0]).errorCode ?? body.error;
}
