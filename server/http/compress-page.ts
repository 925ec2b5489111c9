// A rendered page goes out compressed when the browser takes it: brotli at quality 2, else gzip. The page is
// compressed whole, on the main thread (docs/decisions/0025-dynamic-pages-compressed-whole-at-brotli-2.md): a
// watch page (~48 KB of HTML) costs ~0.3 ms at quality 2 against ~0.7 ms at 4 for ~7% more bytes (9.4 against
// 8.8 KB); compressing React's many small chunks as they come, through a zlib stream, cost ~8x the CPU (each
// write is a trip to libuv's thread pool) and ~15x with a flush per chunk, and no page streams in parts anyway
// (none suspends on deferred data).
// (Anonymous catalog and sales pages come from the page cache, which stores its own compressed bytes.)
import zlib from "node:zlib";
import { acceptedCodings } from "./negotiation.ts";

const BROTLI_QUALITY = 2;

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
