// The clip's container and bitstream, read back by a small reader of exactly the subset the encoder writes
// (ISO BMFF boxes; H.264 SPS, IDR and P slices of I_PCM and skipped macroblocks). Whether a real decoder plays
// it is shown in Chromium by tests/e2e/specs/sample.spec.ts.
import { describe, expect, it } from "vitest";
import { detectVideoContentType } from "#core/media/file-signature.ts";
import { encodeMp4, type Planes, toPlanes } from "./mp4.ts";
import { type Canvas, createCanvas, drawSunset, fillRect } from "./raster.ts";

type Box = { type: string; start: number; end: number; body: Buffer };

function boxes(buffer: Buffer, start = 0, end = buffer.length): Box[] {
  const found: Box[] = [];
  let at = start;
  while (at < end) {
    const size = buffer.readUInt32BE(at);
    const type = buffer.toString("latin1", at + 4, at + 8);
    expect(size, type).toBeGreaterThanOrEqual(8);
    found.push({ type, start: at, end: at + size, body: buffer.subarray(at + 8, at + size) });
    at += size;
  }
  expect(at).toBe(end);
  return found;
}

/** The box at the path under a box (or the file); stsd lists its entries after a version and a count. */
function child(parent: Box | Buffer, path: string): Box {
  let body = Buffer.isBuffer(parent) ? parent : parent.body;
  let found: Box | undefined;
  for (const type of path.split("/")) {
    found = boxes(body).find((box) => box.type === type);
    if (!found) throw new Error(`no ${type} box`);
    body = found.type === "stsd" ? found.body.subarray(8) : found.body;
  }
  return found!;
}

/** The RBSP of a NAL unit's payload: emulation prevention bytes (00 00 03) removed. */
function rbsp(payload: Uint8Array): Uint8Array {
  const out: number[] = [];
  let zeros = 0;
  for (const byte of payload) {
    if (zeros >= 2 && byte === 3) {
      zeros = 0;
      continue;
    }
    out.push(byte);
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return Uint8Array.from(out);
}

class BitReader {
  private at = 0;
  private readonly bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }
  bit(): number {
    const byte = this.bytes[this.at >> 3];
    if (byte === undefined) throw new Error("read past the end");
    const value = (byte >> (7 - (this.at & 7))) & 1;
    this.at++;
    return value;
  }
  u(bits: number): number {
    let value = 0;
    for (let i = 0; i < bits; i++) value = value * 2 + this.bit();
    return value;
  }
  ue(): number {
    let zeros = 0;
    while (this.bit() === 0) zeros++;
    return 2 ** zeros - 1 + this.u(zeros);
  }
  se(): number {
    const code = this.ue();
    return code % 2 ? (code + 1) / 2 : code === 0 ? 0 : -code / 2;
  }
  align() {
    while (this.at & 7) expect(this.bit()).toBe(0);
  }
  bytesAligned(count: number): Uint8Array {
    expect(this.at & 7).toBe(0);
    const out = this.bytes.subarray(this.at >> 3, (this.at >> 3) + count);
    this.at += count * 8;
    return out;
  }
  /** rbsp_trailing_bits: a one, then zeros to the end. */
  expectTrailingBits() {
    expect(this.bit()).toBe(1);
    while (this.at < this.bytes.length * 8) expect(this.bit()).toBe(0);
  }
}

type Decoded = { width: number; height: number; frames: Planes[]; sampleDurations: number[]; syncSamples: number[] };

function decode(mp4: Buffer): Decoded {
  const top = boxes(mp4);
  expect(top.map((box) => box.type)).toEqual(["ftyp", "moov", "mdat"]);
  const stbl = child(mp4, "moov/trak/mdia/minf/stbl");
  const avc1 = child(stbl, "stsd/avc1");
  const width = avc1.body.readUInt16BE(24);
  const height = avc1.body.readUInt16BE(26);
  const avcC = boxes(avc1.body, 78).find((box) => box.type === "avcC")!;
  expect(avcC.body[4]! & 3).toBe(3); // 4-byte NAL lengths
  const spsLength = avcC.body.readUInt16BE(6);
  const sps = avcC.body.subarray(8, 8 + spsLength);
  expect(sps[0]! & 0x1f).toBe(7);
  const r = new BitReader(rbsp(sps.subarray(1)));
  expect([r.u(8), r.u(8), r.u(8)]).toEqual([66, 0xc0, 30]);
  expect(r.ue()).toBe(0);
  const log2MaxFrameNum = r.ue() + 4;
  expect(r.ue()).toBe(2); // picture order from the decoding order
  expect(r.ue()).toBe(1);
  r.u(1);
  const mbWidth = r.ue() + 1;
  const mbHeight = r.ue() + 1;
  expect([mbWidth * 16, mbHeight * 16]).toEqual([width, height]);

  const stts = child(stbl, "stts").body;
  const sampleCount = stts.readUInt32BE(8);
  const sampleDurations = Array.from({ length: sampleCount }, () => stts.readUInt32BE(12));
  const stss = child(stbl, "stss").body;
  const syncSamples = Array.from({ length: stss.readUInt32BE(4) }, (_, i) => stss.readUInt32BE(8 + i * 4));
  const stsz = child(stbl, "stsz").body;
  expect(stsz.readUInt32BE(8)).toBe(sampleCount);
  const sizes = Array.from({ length: sampleCount }, (_, i) => stsz.readUInt32BE(12 + i * 4));
  const stco = child(stbl, "stco").body;
  let offset = stco.readUInt32BE(8);
  const mdat = top[2]!;
  expect(offset).toBe(mdat.start + 8);
  expect(sizes.reduce((a, b) => a + b, 0)).toBe(mdat.end - offset);

  const total = mbWidth * mbHeight;
  const frames: Planes[] = [];
  let previous: Planes | null = null;
  for (const [index, size] of sizes.entries()) {
    const sample = mp4.subarray(offset, offset + size);
    offset += size;
    expect(sample.readUInt32BE(0)).toBe(size - 4);
    const nalType = sample[4]! & 0x1f;
    expect(nalType).toBe(index === 0 ? 5 : 1);
    const s = new BitReader(rbsp(sample.subarray(5)));
    expect(s.ue()).toBe(0);
    const sliceType = s.ue();
    expect(sliceType).toBe(index === 0 ? 7 : 5);
    expect(s.ue()).toBe(0);
    expect(s.u(log2MaxFrameNum)).toBe(index % 2 ** log2MaxFrameNum);
    if (nalType === 5) {
      s.ue();
      s.u(2);
    } else {
      expect([s.u(1), s.u(1), s.u(1)]).toEqual([0, 0, 0]);
    }
    expect(s.se()).toBe(0);
    expect(s.ue()).toBe(1); // no deblocking
    const frame: Planes = previous
      ? { y: previous.y.slice(), cb: previous.cb.slice(), cr: previous.cr.slice() }
      : {
          y: new Uint8Array(width * height),
          cb: new Uint8Array((width * height) / 4),
          cr: new Uint8Array((width * height) / 4),
        };
    const put = (mb: number, samples: Uint8Array) => {
      const mbX = mb % mbWidth;
      const mbY = Math.floor(mb / mbWidth);
      for (let row = 0; row < 16; row++)
        frame.y.set(samples.subarray(row * 16, row * 16 + 16), (mbY * 16 + row) * width + mbX * 16);
      for (const [p, plane] of [frame.cb, frame.cr].entries()) {
        for (let row = 0; row < 8; row++) {
          const from = 256 + p * 64 + row * 8;
          plane.set(samples.subarray(from, from + 8), (mbY * 8 + row) * (width / 2) + mbX * 8);
        }
      }
    };
    let mb = 0;
    while (mb < total) {
      if (sliceType === 5) {
        mb += s.ue(); // skipped: the previous frame's block stays
        if (mb >= total) break;
      }
      expect(s.ue()).toBe(sliceType === 5 ? 30 : 25); // I_PCM
      s.align();
      put(mb, s.bytesAligned(384));
      mb++;
    }
    expect(mb).toBe(total);
    s.expectTrailingBits();
    frames.push(frame);
    previous = frame;
  }
  return { width, height, frames, sampleDurations, syncSamples };
}

function sunsetFrames(count: number, width: number, height: number): Canvas[] {
  return Array.from({ length: count }, (_, index) => {
    const canvas = createCanvas(width, height);
    drawSunset(canvas, { sunset: index / (count - 1) });
    return canvas;
  });
}

describe("encodeMp4", () => {
  it("writes an MP4 (by its magic bytes) whose frames decode to exactly the pictures given", () => {
    const frames = sunsetFrames(20, 64, 48);
    const mp4 = encodeMp4(frames, 8);
    expect(detectVideoContentType(mp4.subarray(0, 16))).toBe("video/mp4");
    const decoded = decode(mp4);
    expect([decoded.width, decoded.height]).toEqual([64, 48]);
    expect(decoded.sampleDurations).toEqual(Array(20).fill(125)); // 1/8 s in milliseconds
    expect(decoded.syncSamples).toEqual([1]);
    // 20 frames: frame_num wraps past 15, as the decoder expects.
    decoded.frames.forEach((frame, index) => expect(frame).toEqual(toPlanes(frames[index]!)));
  });

  it("skips the blocks that did not change, and no NAL unit holds a start code", () => {
    const black = createCanvas(32, 32); // studio-range black: Y 16, no zero bytes
    const dotted = createCanvas(32, 32);
    fillRect(dotted, 20, 20, 4, 4, [255, 255, 255]);
    const mp4 = encodeMp4([black, black, dotted], 10);
    const decoded = decode(mp4);
    expect(decoded.frames[2]).toEqual(toPlanes(dotted));
    // The second frame is all skipped, the third codes one of the four blocks.
    const sizes = child(child(mp4, "moov/trak/mdia/minf/stbl"), "stsz").body;
    expect(sizes.readUInt32BE(16)).toBeLessThan(20);
    expect(sizes.readUInt32BE(20)).toBeGreaterThan(384);
    expect(sizes.readUInt32BE(20)).toBeLessThan(2 * 384);
    // No 00 00 00, 00 00 01 or 00 00 02 inside any NAL unit's payload.
    const mdat = boxes(mp4).find((box) => box.type === "mdat")!.body;
    let at = 0;
    while (at < mdat.length) {
      const length = mdat.readUInt32BE(at);
      const nal = mdat.subarray(at + 4, at + 4 + length);
      for (let i = 0; i + 2 < nal.length; i++) {
        expect(nal[i] === 0 && nal[i + 1] === 0 && nal[i + 2]! <= 2, `start code at ${i}`).toBe(false);
      }
      at += 4 + length;
    }
  });

  it("refuses sizes that are not whole macroblocks", () => {
    expect(() => encodeMp4([createCanvas(30, 32)], 8)).toThrow(/multiples of 16/);
    expect(() => encodeMp4([], 8)).toThrow(/no frames/);
  });
});
