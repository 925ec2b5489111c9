// How the comment and reply forms react to a failed send (spec §5, §8): a 422 for length warns with the 1200
// limit, the current length and 'Try splitting your comment'; another 422 shows the first body error; 401 shows
// 'Log in' / 'Log in to set progress'; 419 'Log in' / 'Session expired'; anything else is the 'Something went
// wrong' toast (null here). Pure, so it is unit-tested on its own.
import { textLength } from "#core/discussion/schemas.ts";

export type SendProblem =
  | { kind: "too_long"; max: number; length: number }
  | { kind: "invalid"; message: string }
  | { kind: "login" }
  | { kind: "expired" };

export function sendProblem(
  error: { status: number; message: string; errors: Record<string, string[]> },
  text: string,
  max: number,
): SendProblem | null {
  if (error.status === 422) {
    const length = textLength(text);
    if (length > max) return { kind: "too_long", max, length };
    const first = error.errors.body?.[0] ?? Object.values(error.errors)[0]?.[0] ?? error.message;
    return { kind: "invalid", message: first };
  }
  if (error.status === 401) return { kind: "login" };
  if (error.status === 419) return { kind: "expired" };
  return null;
}
