// A rendered page goes out compressed when the browser takes it: brotli at a low quality, else gzip (a watch page:
// ~100 KB of HTML, ~10 KB of brotli, ~1.5 ms of CPU). The page is compressed whole, on the main thread: no page
// streams in parts (none suspends); compressing React's many small chunks as they came, with a flush each, cost
// ~12 ms a page, and the same whole-page compression sent to libuv's thread pool tripled a watch page's CPU under
// load (bench/learning.ts, 22.11.2026).
// (Anonymous catalog and sales pages come from the page cache, which stores its own compressed bytes.)
import zlib from "node:zlib";
import { acceptedCodings } from "./negotiation.ts";

const BROTLI_QUALITY = 4;

/** The page's answer compressed for this request, or as it is (not HTML, a redirect, a HEAD). */
export async function compressPage(
  response: Response,
  request: { method: string; acceptEncoding: string | string[] | undefined },
): Promise<Response> {
  const isPage = response.headers.get("content-type")?.startsWith("text/html") ?? false;
  if (!isPage || !response.body || request.method === "HEAD" || response.headers.has("content-encoding"))
    return response;
  const accepted = acceptedCodings(request.acceptEncoding);
  const headers = new Headers(response.headers);
  headers.append("vary", "Accept-Encoding");
  const coding = accepted.br ? "br" : accepted.gzip ? "gzip" : undefined;
  if (!coding) return new Response(response.body, { status: response.status, headers });

  const html = Buffer.from(await response.arrayBuffer());
  const body =
    coding === "br"
      ? zlib.brotliCompressSync(html, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
          },
        })
      : zlib.gzipSync(html);
  headers.set("content-encoding", coding);
  headers.set("content-length", String(body.length));
  return new Response(body, { status: response.status, headers });
}
