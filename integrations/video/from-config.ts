// The video host the configuration asks for: Bunny Stream when BUNNY_LIBRARY_ID and BUNNY_API_KEY are set
// (platform/config.ts then requires BUNNY_WEBHOOK_SECRET too), otherwise none (our own tus and storage).
import type { Config } from "#platform/config.ts";
import { createBunnyStream } from "./bunny.ts";
import type { VideoHost } from "#core/ports/video-host.ts";

export function videoHostFromConfig(config: Config): VideoHost | null {
  if (!config.BUNNY_LIBRARY_ID || !config.BUNNY_API_KEY) return null;
  return createBunnyStream({
    libraryId: config.BUNNY_LIBRARY_ID,
    apiKey: config.BUNNY_API_KEY,
    webhookSecret: config.BUNNY_WEBHOOK_SECRET,
    apiUrl: config.BUNNY_API_URL,
    tusUrl: config.BUNNY_TUS_URL,
    embedUrl: config.BUNNY_EMBED_URL,
    cdnHost: config.BUNNY_CDN_HOST || undefined,
    tokenAuthKey: config.BUNNY_TOKEN_AUTH_KEY || undefined,
  });
}
