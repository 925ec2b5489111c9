// The one fetch wrapper of the HTTP contract (spec §7 header, §8): every call carries X-Requested-With
// and the page's CSRF token; 419 goes to /login; 422 comes back as a field error map for the form; any
// other failure shows the toast 'Something went wrong' (unless the caller handles it, e.g. votes, §8).
import { toast } from "#app/ui/toast.tsx";

export type FieldMessages = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldMessages;
  readonly retryAfter: number | undefined;
  constructor(status: number, message: string, errors: FieldMessages = {}, retryAfter?: number) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.retryAfter = retryAfter;
  }
}

export function csrfToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? "";
}

// A page from the anonymous page cache carries no token (server/plugins/page-cache.ts): it asks for one before
// its first call, once, however many calls start together.
let tokenRequest: Promise<string> | undefined;
async function ensureCsrfToken(): Promise<string> {
  const present = csrfToken();
  if (present) return present;
  tokenRequest ??= fetch("/csrf-token", {
    headers: { Accept: "application/json", "X-Requested-With": "XMLHttpRequest" },
    credentials: "same-origin",
  })
    .then(async (response) => (response.ok ? ((await response.json()) as { csrf_token?: string }) : {}))
    .then(({ csrf_token: token = "" }) => {
      if (token) setCsrfToken(token);
      return token;
    })
    // Without a token the call itself answers 419 and says so.
    .catch(() => "")
    .finally(() => {
      tokenRequest = undefined;
    });
  return tokenRequest;
}

/** After login or logout the session changes, and with it the token bound to it. */
export function setCsrfToken(token: string) {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]');
  if (meta) meta.content = token;
}

// Set by the root layout in the page's language, so the toasts speak it.
let texts = { generic: "Something went wrong", network: "Network error" };
export function setApiTexts(next: { generic: string; network: string }) {
  texts = next;
}

type Options = {
  /** statuses the caller shows itself: no toast for them */
  handled?: number[];
  /** no toast at all (the spec's vote failures are only logged) */
  silent?: boolean;
};

export async function api<T = unknown>(method: string, url: string, body?: unknown, options: Options = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: "application/json",
    "X-Requested-With": "XMLHttpRequest",
    "X-CSRF-TOKEN": method === "GET" ? csrfToken() : await ensureCsrfToken(),
  };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const generic = texts.generic;
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: payload, credentials: "same-origin" });
  } catch {
    if (!options.silent) toast.error(texts.network);
    throw new ApiError(0, texts.network);
  }
  const data = (await response.json().catch(() => ({}))) as { message?: string; errors?: FieldMessages };
  if (response.ok) return data as T;

  // The image upload says 'Your session has expired - please reload' instead (spec §8): it lists 419 as handled.
  if (response.status === 419 && !options.handled?.includes(419)) {
    window.location.assign("/login");
    throw new ApiError(419, data.message ?? "");
  }
  const retryAfter = Number(response.headers.get("Retry-After")) || undefined;
  const error = new ApiError(response.status, data.message ?? generic, data.errors ?? {}, retryAfter);
  const shownByCaller = response.status === 422 || options.handled?.includes(response.status);
  if (!shownByCaller && !options.silent) toast.error(generic);
  throw error;
}
