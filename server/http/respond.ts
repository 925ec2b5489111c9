// One endpoint serves two callers: the JSON call of the spec's contract (X-Requested-With, JSON body) and
// the page's plain HTML form (before the page's script runs, or without it). The JSON caller gets JSON;
// the form gets a 303 to where it should go next, or back to the form with the error key in the query.
import type { FastifyReply, FastifyRequest } from "fastify";
import { isAppError } from "#core/errors.ts";
import { safeNext } from "#core/safe-next.ts";
import { sendError } from "./errors.ts";

/** Sends JSON that is already encoded (kept answers: the discussion lists, search), without serialising again. */
export function sendEncodedJson(reply: FastifyReply, json: string | Buffer) {
  return reply.type("application/json; charset=utf-8").send(json);
}

export function wantsJson(request: FastifyRequest): boolean {
  const type = String(request.headers["content-type"] ?? "");
  return !type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data");
}

export function refererPath(request: FastifyRequest, fallback: string): string {
  return new URL(refererTarget(request, fallback), "http://x").pathname;
}

/** The same-site page the form was posted from, with its query (a reset link's token must survive an error). */
export function refererTarget(request: FastifyRequest, fallback: string): string {
  try {
    const url = new URL(String(request.headers.referer ?? ""));
    if (url.host === request.host) return url.pathname + url.search;
  } catch {
    // no referer
  }
  return fallback;
}

export async function handle(
  request: FastifyRequest,
  reply: FastifyReply,
  work: () => Promise<{ json: unknown; redirect: string }>,
  formPage: string,
) {
  try {
    const { json, redirect } = await work();
    if (wantsJson(request)) return reply.send(json);
    return reply.redirect(redirect, 303);
  } catch (error) {
    // A refusal answered with a redirect is still a refusal (the audit log keeps successful writes only).
    request.refused = true;
    if (wantsJson(request) || !isAppError(error)) return sendError(request, reply, error);
    const firstField = error.fields ? Object.values(error.fields)[0]?.[0] : undefined;
    const key = firstField?.key ?? error.messageKey;
    const back = new URL(refererTarget(request, formPage), "http://x");
    back.searchParams.delete("sent");
    back.searchParams.set("error", key);
    // An unsafe ?next= is dropped here too: the form would carry it into the next attempt.
    const next = safeNext((request.body as Record<string, unknown> | undefined)?.next);
    if (next) back.searchParams.set("next", next);
    return reply.redirect(back.pathname + back.search, 303);
  }
}
