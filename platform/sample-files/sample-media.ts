// The files of the sample course, drawn at run time: the cover picture, the welcome clip, one-page PDFs and the
// community posts' pictures.
// The composition roots (server/services.ts, the CLI) hand this to setupSchool; core only knows the shape
// (SampleMedia in core/school/sample-content.ts), so the encoders stay out of the domain code.
import { encodeMp4 } from "./mp4.ts";
import { onePagePdf, type PdfPage } from "./pdf.ts";
import { encodePng } from "./png.ts";
import { createCanvas, drawSunset } from "./raster.ts";

const COVER = { width: 1280, height: 720 };
const CLIP = { width: 256, height: 144, fps: 8, frames: 24 };

/** The course cover: the sun a third of the way down behind the hills. */
export function sampleCoverPng(): Buffer {
  const canvas = createCanvas(COVER.width, COVER.height);
  drawSunset(canvas, { sunset: 0.3 });
  return encodePng(canvas);
}

/** The welcome clip: three seconds of the sun setting behind the hills. */
export function sampleClipMp4(): Buffer {
  const frames = Array.from({ length: CLIP.frames }, (_, index) => {
    const canvas = createCanvas(CLIP.width, CLIP.height);
    drawSunset(canvas, { sunset: index / (CLIP.frames - 1) });
    return canvas;
  });
  return encodeMp4(frames, CLIP.fps);
}

/** A community post's picture: the same landscape at another hour, in the post's own size. */
export function samplePostPng(picture: { sunset: number; width: number; height: number }): Buffer {
  const canvas = createCanvas(picture.width, picture.height);
  drawSunset(canvas, { sunset: picture.sunset });
  return encodePng(canvas);
}

export const sampleMedia = {
  coverPng: sampleCoverPng,
  clipMp4: sampleClipMp4,
  pdf: (page: PdfPage) => onePagePdf(page),
  postPng: samplePostPng,
};
