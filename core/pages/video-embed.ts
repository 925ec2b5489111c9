// The video block's player address (spec §2 video embed): YouTube and Vimeo as the lectures embed them
// (core/catalog/component-data.ts), and Bunny Stream's player. Anything else is refused. Pure.
import { embedUrl } from "../catalog/component-data.ts";

export type VideoProvider = "youtube" | "vimeo" | "bunny";

/** The player URL and its provider for a video link, or null when it is not a known player's. */
export function videoEmbed(url: string): { provider: VideoProvider; src: string } | null {
  const known = embedUrl(url);
  if (known) return { provider: known.includes("vimeo") ? "vimeo" : "youtube", src: known };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:") return null;
  if (parsed.hostname === "iframe.mediadelivery.net" || parsed.hostname === "player.mediadelivery.net") {
    const match = /^\/(?:embed|play)\/(\d{1,10})\/([0-9a-f-]{36})\/?$/.exec(parsed.pathname);
    return match ? { provider: "bunny", src: `https://iframe.mediadelivery.net/embed/${match[1]}/${match[2]}` } : null;
  }
  return null;
}
