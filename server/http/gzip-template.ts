// Gzip for a stored page whose answers differ only in a few small values (the page cache's CSP nonce and CSRF
// token): the fixed parts are compressed once, and each answer is put together without compressing anything.
//
// A DEFLATE stream is a run of blocks, and a compressor flushed with Z_SYNC_FLUSH stops on a byte boundary
// without marking its last block final. So each part is compressed on its own (no back-references between
// them), each value goes in between as a "stored" (uncompressed) block, and an empty final block ends it
// (RFC 1951, 3.2.3-4). The gzip trailer needs the CRC-32 of the whole text: CRC-32 continued over a fixed part
// is an affine function of the CRC before it (crc32(part, c) = A(c) xor crc32(part, 0), A linear over GF(2) and
// depending only on the part), so A's 32 columns are found once per part and each answer costs 32 xors per part
// plus the CRC of its own few bytes (RFC 1952).
import zlib from "node:zlib";

type Part = { deflated: Buffer; crcFromZero: number; shift: Uint32Array; length: number };

export type GzipTemplate = { parts: Part[]; compressedBytes: number };

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
// An empty stored block with BFINAL set: 3 header bits (1, 00), padding, LEN 0, NLEN 0xffff.
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const MAX_STORED_BLOCK = 0xffff;

function shiftOf(part: Buffer, crcFromZero: number): Uint32Array {
  const columns = new Uint32Array(32);
  for (let bit = 0; bit < 32; bit++) columns[bit] = (zlib.crc32(part, 2 ** bit) ^ crcFromZero) >>> 0;
  return columns;
}

function applyShift(columns: Uint32Array, crc: number): number {
  let result = 0;
  for (let bit = 0; crc !== 0; bit++, crc >>>= 1) if (crc & 1) result ^= columns[bit]!;
  return result >>> 0;
}

/** Compresses the fixed parts of a page (parts[0] value[0] parts[1] ... parts[n]) once. */
export function gzipTemplate(parts: Buffer[]): GzipTemplate {
  let compressedBytes = GZIP_HEADER.length + FINAL_EMPTY_BLOCK.length + 8;
  const prepared = parts.map((part) => {
    const deflated = zlib.deflateRawSync(part, { finishFlush: zlib.constants.Z_SYNC_FLUSH, level: 6 });
    const crcFromZero = zlib.crc32(part, 0);
    compressedBytes += deflated.length;
    return { deflated, crcFromZero, shift: shiftOf(part, crcFromZero), length: part.length };
  });
  return { parts: prepared, compressedBytes };
}

// CRC-32 continued over a few bytes in JavaScript: for a nonce or a token, calling into zlib costs more than the
// work (an answer has dozens of them).
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32Short(value: Buffer, previous: number): number {
  if (value.length > 256) return zlib.crc32(value, previous);
  let crc = ~previous;
  for (let i = 0; i < value.length; i++) crc = CRC_TABLE[(crc ^ value[i]!) & 0xff]! ^ (crc >>> 8);
  return ~crc >>> 0;
}

/** The gzip answer for these values (one per gap between parts), in one buffer. */
export function fillGzip(template: GzipTemplate, values: Buffer[]): Buffer {
  const { parts } = template;
  if (values.length !== parts.length - 1) throw new Error(`${parts.length - 1} values expected, ${values.length} given`);
  let length = template.compressedBytes;
  for (const value of values) length += value.length + 5 * Math.ceil(value.length / MAX_STORED_BLOCK);
  const out = Buffer.allocUnsafe(length);
  let at = GZIP_HEADER.copy(out, 0);
  at += parts[0]!.deflated.copy(out, at);
  let crc = parts[0]!.crcFromZero;
  let size = parts[0]!.length;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    const next = parts[i + 1]!;
    // The value as stored blocks: BFINAL 0, BTYPE 00, padded to the byte; LEN and NLEN little-endian.
    for (let offset = 0; offset < value.length; offset += MAX_STORED_BLOCK) {
      const chunk = Math.min(MAX_STORED_BLOCK, value.length - offset);
      out[at] = 0x00;
      out.writeUInt16LE(chunk, at + 1);
      out.writeUInt16LE(~chunk & 0xffff, at + 3);
      at += 5;
      at += value.copy(out, at, offset, offset + chunk);
    }
    crc = crc32Short(value, crc);
    crc = (applyShift(next.shift, crc) ^ next.crcFromZero) >>> 0;
    size += value.length + next.length;
    at += next.deflated.copy(out, at);
  }
  at += FINAL_EMPTY_BLOCK.copy(out, at);
  out.writeUInt32LE(crc, at);
  out.writeUInt32LE(size >>> 0, at + 4);
  return out;
}

/** True when the request's Accept-Encoding takes gzip (and does not refuse it with q=0). */
export function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : acceptEncoding;
  if (!header) return false;
  for (const entry of header.split(",")) {
    const [coding, ...params] = entry.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "*") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}
