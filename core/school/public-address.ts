// The school's public address and the hosts it answers to. E-mailed links (password reset, invitations) and the
// addresses handed to payment providers (return, notify) start with the public address, never with the Host
// header of the request that caused them: a visitor chooses that header (docs/decisions/0008-school-public-address.md).
import type { School } from "#platform/db/schema.ts";
import { AppError } from "../errors.ts";

/** APP_URL when set, else the address recorded for the school (at setup, in its settings); undefined: not known yet. */
export function publicAddressOf(
  appUrl: string | undefined,
  school: Pick<School, "public_url"> | null,
): string | undefined {
  const address = appUrl ?? school?.public_url ?? undefined;
  return address ? address.replace(/\/+$/, "") : undefined;
}

/** The public address, for a link that leaves the site; refused (503) while the school has none. */
export function requirePublicAddress(appUrl: string | undefined, school: Pick<School, "public_url"> | null): string {
  const address = publicAddressOf(appUrl, school);
  if (!address) throw new AppError("unavailable", { messageKey: "errors:public_address_missing" });
  return address;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** host[:port] as a browser would send it for this protocol (lower case, the default port left out); null: not a host. */
export function normalizeHost(protocol: string, host: string): string | null {
  if (!host || /[\s/\\?#@]/.test(host)) return null;
  const url = URL.parse(`${protocol}://${host}`);
  return url ? url.host : null;
}

/**
 * Whether a request that arrived for `host` may be served: the public address's host, APP_URL's, an ALLOWED_HOSTS
 * entry (a host name without a port allows every port), or a loopback name (a self-hoster on their own machine).
 */
export function isAllowedHost(
  protocol: string,
  host: string,
  allowed: { publicAddress: string; appUrl?: string; aliases: string[] },
): boolean {
  const normalized = normalizeHost(protocol, host);
  if (!normalized) return false;
  const hostname = URL.parse(`${protocol}://${normalized}`)!.hostname;
  if (LOOPBACK.has(hostname)) return true;
  for (const address of [allowed.publicAddress, allowed.appUrl]) {
    if (address && URL.parse(address)?.host === normalized) return true;
  }
  return allowed.aliases.some((alias) => {
    const entry = alias.trim().toLowerCase();
    return entry.includes(":") && !entry.startsWith("[")
      ? normalizeHost(protocol, entry) === normalized
      : entry === hostname;
  });
}
