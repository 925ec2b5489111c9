// Links that carry a code (the selling issue, item 3), on any page:
// - ?ref=CODE of an active affiliate code sets the HttpOnly cookie studium_ref for the code's cookie life; the
//   last link clicked wins. A checkout made while it lives is attributed to the code (server/api/checkout.ts).
// - ?promo=CODE of a promo code that has not ended sets studium_promo (30 days, readable by the checkout page's
//   script, which fills in the code, and cleared by the payment status page after a success).
// An unknown or inactive code sets nothing. The two parameters are the server's alone: they are taken off the
// address before the page is rendered or looked up in the anonymous page cache, so a shared link is answered
// from the cache like the bare address (and renders exactly the same), with its cookie added to the answer.
// Only addresses whose query names one of them do any work.
import type { FastifyReply, FastifyRequest } from "fastify";
import { AFFILIATE_COOKIE, findActiveAffiliateCode } from "#core/promo/affiliate-attribution.ts";
import { findPromoCodeForLink, PROMO_COOKIE, PROMO_COOKIE_DAYS } from "#core/promo/promo-link.ts";
import type { Services } from "../services.ts";
import { isSecureRequest } from "./cookies.ts";

const CODE_PARAMETER = /(?:^|&)(?:ref|promo)=/;
const DAY_SECONDS = 86_400;

// Written on the raw response like server/http/cookies.ts: page answers bypass Fastify's send.
function appendCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  options: { secure: boolean; httpOnly: boolean; days: number },
) {
  const serialized = reply.server.serializeCookie(name, value, {
    path: "/",
    httpOnly: options.httpOnly,
    sameSite: "lax",
    secure: options.secure,
    maxAge: options.days * DAY_SECONDS,
  });
  reply.raw.appendHeader("set-cookie", serialized);
}

/** Sets the cookies a GET's ?ref / ?promo ask for, and takes both parameters off the request's address. */
export async function consumeCodeLinks(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
): Promise<void> {
  const url = request.raw.url ?? "/";
  const queryStart = url.indexOf("?");
  if (queryStart < 0) return;
  const query = url.slice(queryStart + 1);
  if (!CODE_PARAMETER.test(query)) return;

  const params = new URLSearchParams(query);
  if (request.method === "GET") {
    const secure = isSecureRequest(request, services.config);
    const [affiliate, promo] = await Promise.all([
      params.has("ref") ? findActiveAffiliateCode(services.db, params.get("ref") ?? undefined) : null,
      params.has("promo") ? findPromoCodeForLink(services.db, params.get("promo") ?? undefined) : null,
    ]);
    if (affiliate) {
      appendCookie(reply, AFFILIATE_COOKIE, affiliate.code, { secure, httpOnly: true, days: affiliate.cookie_days });
    }
    if (promo) appendCookie(reply, PROMO_COOKIE, promo, { secure, httpOnly: false, days: PROMO_COOKIE_DAYS });
  }
  params.delete("ref");
  params.delete("promo");
  const rest = params.toString();
  request.raw.url = url.slice(0, queryStart) + (rest ? `?${rest}` : "");
}
