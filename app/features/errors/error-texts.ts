// Which words an error page uses for a status, and what the boundary knows about the error. The status and the
// message come from the server's one mapping (server/http/page-errors.ts): an AppError's route error response
// carries {code, message} in the page's language.
import { isRouteErrorResponse } from "react-router";

export type PageError = { status: number; message?: string };

const texts: Record<number, { title: string; text: string }> = {
  403: { title: "errors:forbidden_title", text: "errors:forbidden_text" },
  404: { title: "errors:not_found", text: "errors:not_found_text" },
  409: { title: "errors:conflict_title", text: "errors:conflict" },
  422: { title: "errors:validation_title", text: "errors:validation" },
  429: { title: "errors:throttled_title", text: "errors:throttled_later" },
  503: { title: "errors:unavailable_title", text: "errors:unavailable_text" },
};

/** Translation keys of the page's heading and text; other 4xx get a general refusal, other 5xx the 500 words. */
export function errorTexts(status: number): { title: string; text: string } {
  return (
    texts[status] ??
    (status < 500
      ? { title: "errors:request_failed", text: "errors:request_failed_text" }
      : { title: "errors:internal", text: "errors:internal_text" })
  );
}

/**
 * What an ErrorBoundary's error says: its status (anything that is not a route error response is a 500), and
 * for a 4xx AppError with words of its own the server's message (e.g. "This invitation has already been used").
 * A 5xx never shows a message: the page says only that something went wrong.
 */
export function pageError(error: unknown): PageError {
  if (!isRouteErrorResponse(error)) return { status: 500 };
  const body = error.data as { message?: unknown; specific?: unknown } | null | undefined;
  const message = error.status < 500 && body?.specific === true && typeof body.message === "string";
  return { status: error.status, message: message ? (body.message as string) : undefined };
}
