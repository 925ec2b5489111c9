// A short, playable MP4 (H.264 Constrained Baseline, no audio) made from canvases, without an encoder library:
// every changed 16x16 macroblock is stored uncompressed as I_PCM (raw YCbCr 4:2:0 samples, which every H.264
// decoder supports), every unchanged one is skipped (P_Skip copies it from the previous frame). That is large
// for real footage and small for the sample's clip, where only the setting sun moves. The first frame is an IDR
// picture; the container is a plain ISO BMFF file with the index (moov) before the data (mdat), so that a
// browser can start playing before the whole file has arrived.
import type { Canvas } from "./raster.ts";

// ---------------------------------------------------------------------------------------------------------------
// Bits

class BitWriter {
  private bytes = new Uint8Array(4096);
  private length = 0;
  private current = 0;
  private used = 0;

  private reserve(extra: number) {
    if (this.length + extra <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + extra));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  bit(value: number) {
    this.current = (this.current << 1) | (value & 1);
    if (++this.used === 8) {
      this.reserve(1);
      this.bytes[this.length++] = this.current;
      this.current = 0;
      this.used = 0;
    }
  }

  /** u(n): an unsigned number in n bits, most significant first. */
  u(bits: number, value: number) {
    for (let i = bits - 1; i >= 0; i--) this.bit(Math.floor(value / 2 ** i) & 1);
  }

  /** ue(v): unsigned Exp-Golomb. */
  ue(value: number) {
    const code = value + 1;
    const length = Math.floor(Math.log2(code));
    this.u(length, 0);
    this.u(length + 1, code);
  }

  /** se(v): signed Exp-Golomb. */
  se(value: number) {
    this.ue(value > 0 ? 2 * value - 1 : -2 * value);
  }

  get aligned(): boolean {
    return this.used === 0;
  }

  alignWithZeros() {
    while (!this.aligned) this.bit(0);
  }

  /** Whole bytes, written when aligned (I_PCM samples). */
  raw(bytes: Uint8Array) {
    if (!this.aligned) throw new Error("raw bytes need byte alignment");
    this.reserve(bytes.length);
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** rbsp_trailing_bits(): a stop bit, then zeros to the byte boundary. */
  finish(): Uint8Array {
    this.bit(1);
    this.alignWithZeros();
    return this.bytes.subarray(0, this.length);
  }
}

/** A NAL unit: its header byte and the payload with emulation prevention (no 00 00 0x inside). */
function nalUnit(refIdc: number, type: number, rbsp: Uint8Array): Uint8Array {
  // At most one escape byte per two payload bytes.
  const out = new Uint8Array(1 + rbsp.length + Math.ceil(rbsp.length / 2));
  out[0] = (refIdc << 5) | type;
  let o = 1;
  let zeros = 0;
  for (let i = 0; i < rbsp.length; i++) {
    const byte = rbsp[i]!;
    if (zeros >= 2 && byte <= 3) {
      out[o++] = 3;
      zeros = 0;
    }
    out[o++] = byte;
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return out.subarray(0, o);
}

// ---------------------------------------------------------------------------------------------------------------
// H.264

const PROFILE_BASELINE = 66;
const CONSTRAINTS = 0xc0; // constraint_set0 and set1: Constrained Baseline
const LEVEL = 30; // 3.0
const LOG2_MAX_FRAME_NUM = 4;
const NAL_SLICE = 1;
const NAL_IDR = 5;
const NAL_SPS = 7;
const NAL_PPS = 8;
const SLICE_P = 5; // "all slices of the picture are P"
const SLICE_I = 7;
const MB_I_PCM_IN_I = 25;
const MB_I_PCM_IN_P = 30; // 5 inter types come first in a P slice

export type Planes = { y: Uint8Array; cb: Uint8Array; cr: Uint8Array };

/** BT.601 studio-range YCbCr 4:2:0 (what decoders assume without colour information). */
export function toPlanes(canvas: Canvas): Planes {
  const { width, height, pixels } = canvas;
  const y = new Uint8Array(width * height);
  const cb = new Uint8Array((width / 2) * (height / 2));
  const cr = new Uint8Array((width / 2) * (height / 2));
  for (let i = 0; i < width * height; i++) {
    const r = pixels[i * 3]! / 255;
    const g = pixels[i * 3 + 1]! / 255;
    const b = pixels[i * 3 + 2]! / 255;
    y[i] = Math.round(16 + 65.481 * r + 128.553 * g + 24.966 * b);
  }
  const half = width / 2;
  for (let cy = 0; cy < height / 2; cy++) {
    for (let cx = 0; cx < half; cx++) {
      // the average of the 2x2 pixels
      const top = (cy * 2 * width + cx * 2) * 3;
      const bottom = top + width * 3;
      const r = (pixels[top]! + pixels[top + 3]! + pixels[bottom]! + pixels[bottom + 3]!) / 1020;
      const g = (pixels[top + 1]! + pixels[top + 4]! + pixels[bottom + 1]! + pixels[bottom + 4]!) / 1020;
      const b = (pixels[top + 2]! + pixels[top + 5]! + pixels[bottom + 2]! + pixels[bottom + 5]!) / 1020;
      cb[cy * half + cx] = Math.round(128 - 37.797 * r - 74.203 * g + 112 * b);
      cr[cy * half + cx] = Math.round(128 + 112 * r - 93.786 * g - 18.214 * b);
    }
  }
  return { y, cb, cr };
}

/** A macroblock's samples in I_PCM order: 256 luma, 64 Cb, 64 Cr, each in raster order. */
function macroblock(planes: Planes, width: number, mbX: number, mbY: number): Uint8Array {
  const out = new Uint8Array(384);
  let o = 0;
  for (let row = 0; row < 16; row++) {
    const start = (mbY * 16 + row) * width + mbX * 16;
    out.set(planes.y.subarray(start, start + 16), o);
    o += 16;
  }
  for (const plane of [planes.cb, planes.cr]) {
    for (let row = 0; row < 8; row++) {
      const start = (mbY * 8 + row) * (width / 2) + mbX * 8;
      out.set(plane.subarray(start, start + 8), o);
      o += 8;
    }
  }
  return out;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sequenceParameterSet(mbWidth: number, mbHeight: number): Uint8Array {
  const w = new BitWriter();
  w.u(8, PROFILE_BASELINE);
  w.u(8, CONSTRAINTS);
  w.u(8, LEVEL);
  w.ue(0); // seq_parameter_set_id
  w.ue(LOG2_MAX_FRAME_NUM - 4);
  w.ue(2); // pic_order_cnt_type 2: output order is decoding order
  w.ue(1); // max_num_ref_frames
  w.u(1, 0); // gaps_in_frame_num_value_allowed_flag
  w.ue(mbWidth - 1);
  w.ue(mbHeight - 1);
  w.u(1, 1); // frame_mbs_only_flag
  w.u(1, 1); // direct_8x8_inference_flag
  w.u(1, 0); // frame_cropping_flag
  w.u(1, 1); // vui_parameters_present_flag
  w.u(1, 0); // aspect_ratio_info_present_flag
  w.u(1, 0); // overscan_info_present_flag
  w.u(1, 0); // video_signal_type_present_flag
  w.u(1, 0); // chroma_loc_info_present_flag
  w.u(1, 0); // timing_info_present_flag (the container has the timing)
  w.u(1, 0); // nal_hrd_parameters_present_flag
  w.u(1, 0); // vcl_hrd_parameters_present_flag
  w.u(1, 0); // pic_struct_present_flag
  w.u(1, 1); // bitstream_restriction_flag: no reordering, so a decoder shows each frame at once
  w.u(1, 1); // motion_vectors_over_pic_boundaries_flag
  w.ue(0); // max_bytes_per_pic_denom
  w.ue(0); // max_bits_per_mb_denom
  w.ue(16); // log2_max_mv_length_horizontal
  w.ue(16); // log2_max_mv_length_vertical
  w.ue(0); // max_num_reorder_frames
  w.ue(1); // max_dec_frame_buffering
  return nalUnit(3, NAL_SPS, w.finish());
}

function pictureParameterSet(): Uint8Array {
  const w = new BitWriter();
  w.ue(0); // pic_parameter_set_id
  w.ue(0); // seq_parameter_set_id
  w.u(1, 0); // entropy_coding_mode_flag: CAVLC
  w.u(1, 0); // bottom_field_pic_order_in_frame_present_flag
  w.ue(0); // num_slice_groups_minus1
  w.ue(0); // num_ref_idx_l0_default_active_minus1
  w.ue(0); // num_ref_idx_l1_default_active_minus1
  w.u(1, 0); // weighted_pred_flag
  w.u(2, 0); // weighted_bipred_idc
  w.se(0); // pic_init_qp_minus26
  w.se(0); // pic_init_qs_minus26
  w.se(0); // chroma_qp_index_offset
  w.u(1, 1); // deblocking_filter_control_present_flag (the slices turn it off)
  w.u(1, 0); // constrained_intra_pred_flag
  w.u(1, 0); // redundant_pic_cnt_present_flag
  return nalUnit(3, NAL_PPS, w.finish());
}

/** One picture as one slice: the first is IDR (all I_PCM), the rest P (changed blocks I_PCM, the others skipped). */
function slice(frameIndex: number, blocks: Uint8Array[], previous: Uint8Array[] | null): Uint8Array {
  const idr = previous === null;
  const w = new BitWriter();
  w.ue(0); // first_mb_in_slice
  w.ue(idr ? SLICE_I : SLICE_P);
  w.ue(0); // pic_parameter_set_id
  w.u(LOG2_MAX_FRAME_NUM, frameIndex % 2 ** LOG2_MAX_FRAME_NUM); // frame_num
  if (idr) w.ue(0); // idr_pic_id
  if (!idr) {
    w.u(1, 0); // num_ref_idx_active_override_flag
    w.u(1, 0); // ref_pic_list_modification_flag_l0
  }
  // dec_ref_pic_marking(): every picture is a reference, marked by the sliding window
  if (idr) {
    w.u(1, 0); // no_output_of_prior_pics_flag
    w.u(1, 0); // long_term_reference_flag
  } else {
    w.u(1, 0); // adaptive_ref_pic_marking_mode_flag
  }
  w.se(0); // slice_qp_delta
  w.ue(1); // disable_deblocking_filter_idc: off, so skipped blocks are exact copies

  let skipped = 0;
  blocks.forEach((block, index) => {
    if (previous && sameBytes(block, previous[index]!)) {
      skipped++;
      return;
    }
    if (!idr) {
      w.ue(skipped); // mb_skip_run
      skipped = 0;
    }
    w.ue(idr ? MB_I_PCM_IN_I : MB_I_PCM_IN_P);
    w.alignWithZeros(); // pcm_alignment_zero_bit
    w.raw(block);
  });
  if (skipped > 0) w.ue(skipped);
  return nalUnit(idr ? 3 : 2, idr ? NAL_IDR : NAL_SLICE, w.finish());
}

// ---------------------------------------------------------------------------------------------------------------
// ISO BMFF (MP4)

function u8(...values: number[]) {
  return Uint8Array.from(values);
}
function u16(value: number) {
  return u8((value >>> 8) & 0xff, value & 0xff);
}
function u32(value: number) {
  return u8((value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
}
function text(value: string) {
  return Uint8Array.from(Buffer.from(value, "latin1"));
}
function zeros(count: number) {
  return new Uint8Array(count);
}

function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const size = 8 + parts.reduce((sum, part) => sum + part.length, 0);
  return Buffer.concat([u32(size), text(type), ...parts]);
}
function fullBox(type: string, version: number, flags: number, ...parts: Uint8Array[]): Uint8Array {
  return box(type, u8(version, (flags >>> 16) & 0xff, (flags >>> 8) & 0xff, flags & 0xff), ...parts);
}

const MATRIX = [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].map(u32);
const TIMESCALE = 1000;

function movie(options: {
  width: number;
  height: number;
  sps: Uint8Array;
  pps: Uint8Array;
  sampleSizes: number[];
  sampleDuration: number;
  dataOffset: number;
}): Uint8Array {
  const { width, height, sps, pps, sampleSizes, sampleDuration } = options;
  const duration = sampleSizes.length * sampleDuration;
  const avcC = box(
    "avcC",
    u8(1, sps[1]!, sps[2]!, sps[3]!, 0xff, 0xe1),
    u16(sps.length),
    sps,
    u8(1),
    u16(pps.length),
    pps,
  );
  const compressor = zeros(32);
  compressor.set(u8(8), 0);
  compressor.set(text("Studium"), 1);
  const avc1 = box(
    "avc1",
    zeros(6),
    u16(1), // data_reference_index
    zeros(16),
    u16(width),
    u16(height),
    u32(0x00480000),
    u32(0x00480000),
    u32(0),
    u16(1), // frame_count
    compressor,
    u16(0x0018), // depth
    u16(0xffff),
    avcC,
  );
  const sampleTable = box(
    "stbl",
    fullBox("stsd", 0, 0, u32(1), avc1),
    fullBox("stts", 0, 0, u32(1), u32(sampleSizes.length), u32(sampleDuration)),
    fullBox("stss", 0, 0, u32(1), u32(1)), // only the first frame is a key frame
    fullBox("stsc", 0, 0, u32(1), u32(1), u32(sampleSizes.length), u32(1)),
    fullBox("stsz", 0, 0, u32(0), u32(sampleSizes.length), ...sampleSizes.map(u32)),
    fullBox("stco", 0, 0, u32(1), u32(options.dataOffset)),
  );
  const media = box(
    "mdia",
    fullBox("mdhd", 0, 0, u32(0), u32(0), u32(TIMESCALE), u32(duration), u16(0x55c4 /* "und" */), u16(0)),
    fullBox("hdlr", 0, 0, u32(0), text("vide"), zeros(12), text("VideoHandler\0")),
    box(
      "minf",
      fullBox("vmhd", 0, 1, zeros(8)),
      box("dinf", fullBox("dref", 0, 0, u32(1), fullBox("url ", 0, 1))),
      sampleTable,
    ),
  );
  const track = box(
    "trak",
    fullBox(
      "tkhd",
      0,
      3,
      u32(0),
      u32(0),
      u32(1),
      u32(0),
      u32(duration),
      zeros(8),
      zeros(8),
      ...MATRIX,
      u32(width << 16),
      u32(height << 16),
    ),
    media,
  );
  return box(
    "moov",
    fullBox(
      "mvhd",
      0,
      0,
      u32(0),
      u32(0),
      u32(TIMESCALE),
      u32(duration),
      u32(0x00010000), // rate 1.0
      u16(0x0100), // volume 1.0
      zeros(10),
      ...MATRIX,
      zeros(24),
      u32(2), // next_track_ID
    ),
    track,
  );
}

/**
 * An MP4 of the frames (all the same size, a multiple of 16 on both sides), each shown for 1/fps s (fps must
 * divide 1000).
 */
export function encodeMp4(frames: Canvas[], fps: number): Buffer {
  const first = frames[0];
  if (!first) throw new Error("no frames");
  const { width, height } = first;
  if (width % 16 || height % 16) throw new Error("width and height must be multiples of 16");
  if (TIMESCALE % fps) throw new Error("fps must divide 1000");
  const mbWidth = width / 16;
  const mbHeight = height / 16;

  const sps = sequenceParameterSet(mbWidth, mbHeight);
  const pps = pictureParameterSet();
  const samples: Uint8Array[] = [];
  let previous: Uint8Array[] | null = null;
  frames.forEach((frame, index) => {
    if (frame.width !== width || frame.height !== height) throw new Error("frames differ in size");
    const planes = toPlanes(frame);
    const blocks: Uint8Array[] = [];
    for (let mbY = 0; mbY < mbHeight; mbY++) {
      for (let mbX = 0; mbX < mbWidth; mbX++) blocks.push(macroblock(planes, width, mbX, mbY));
    }
    const nal = slice(index, blocks, previous);
    samples.push(Buffer.concat([u32(nal.length), nal])); // length-prefixed NAL unit (avcC: 4-byte lengths)
    previous = blocks;
  });

  const fileType = box("ftyp", text("isom"), u32(0x200), text("isom"), text("iso2"), text("avc1"), text("mp41"));
  const sampleSizes = samples.map((sample) => sample.length);
  const sampleDuration = TIMESCALE / fps;
  // The index's size does not depend on the offset it holds: measure it once, then write it with the offset.
  const measured = movie({ width, height, sps, pps, sampleSizes, sampleDuration, dataOffset: 0 }).length;
  const dataOffset = fileType.length + measured + 8;
  const index = movie({ width, height, sps, pps, sampleSizes, sampleDuration, dataOffset });
  return Buffer.concat([fileType, index, box("mdat", ...samples)]);
}
