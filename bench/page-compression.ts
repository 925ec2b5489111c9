// What compressing a page costs at each setting (docs/decisions/0025-dynamic-pages-compressed-whole-at-brotli-2.md):
// brotli qualities 1-5 and gzip of a whole HTML file, best of five rounds of 100, on one core; and brotli 2 as a
// zlib stream fed React-sized chunks (400 bytes), without and with a flush after each.
// Usage: node bench/page-compression.ts page.html [more.html ...] (save a page with curl --compressed -o).
import fs from "node:fs";
import zlib from "node:zlib";

const files = process.argv.slice(2);
if (files.length === 0) throw new Error("usage: node bench/page-compression.ts page.html [more.html ...]");

const brotli = (quality: number) => ({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } });

function streamed(chunks: Buffer[], flushEach: boolean): Promise<number> {
  return new Promise((resolve) => {
    const stream = zlib.createBrotliCompress(brotli(2));
    let bytes = 0;
    stream.on("data", (data: Buffer) => (bytes += data.length));
    stream.on("end", () => resolve(bytes));
    for (const chunk of chunks) {
      stream.write(chunk);
      if (flushEach) stream.flush();
    }
    stream.end();
  });
}

/** CPU µs per call (the thread pool's too) and the output's bytes, best of five rounds. */
async function cost(run: () => Promise<number>): Promise<{ us: number; bytes: number }> {
  let best = Infinity;
  let bytes = 0;
  for (let round = 0; round < 5; round++) {
    const before = process.cpuUsage();
    for (let i = 0; i < 100; i++) bytes = await run();
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / 100);
  }
  return { us: Math.round(best), bytes };
}

for (const file of files) {
  const html = fs.readFileSync(file);
  const chunks: Buffer[] = [];
  for (let at = 0; at < html.length; at += 400) chunks.push(html.subarray(at, at + 400));
  const settings: [string, () => Promise<number>][] = [
    ...[1, 2, 3, 4, 5].map((quality): [string, () => Promise<number>] => [
      `brotli ${quality}`,
      async () => zlib.brotliCompressSync(html, brotli(quality)).length,
    ]),
    ["gzip 6", async () => zlib.gzipSync(html).length],
    ["brotli 2, a stream of 400-byte chunks", () => streamed(chunks, false)],
    ["brotli 2, a stream, flushed after each chunk", () => streamed(chunks, true)],
  ];
  console.log(`\n${file}: ${html.length} bytes\n| setting | CPU µs | bytes |\n|---|---:|---:|`);
  for (const [name, run] of settings) {
    const { us, bytes } = await cost(run);
    console.log(`| ${name} | ${us} | ${bytes} |`);
  }
}
