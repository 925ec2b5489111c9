// Draws a certificate (core/certificates/certificate-document.ts says what) as an A4 landscape PDF with
// @react-pdf/renderer: the template's background image under the text, the fields at the template's heights,
// a signature line and the QR code of the verification page in the chosen corner. DejaVu Sans is embedded (the
// standard PDF fonts have no Polish letters: "Zażółć Gęślą" would lose its ż, ó, ł, ć, ę, ś, ą).
// Rendered on demand, not stored: the PDF follows from the certificate's row and the template, it costs ~50 ms,
// and a student downloads it a handful of times (docs/architecture.md, "Certificates").
// It lives on the server's side because it is React (core renders nothing); the composition root hands it to core.
import { createRequire } from "node:module";
import path from "node:path";
import { createElement as h } from "react";
import { Document, Font, Image, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import QRCode from "qrcode";
import type { CertificateDocument, CertificatePdfRenderer } from "#core/certificates/certificate-document.ts";

const FAMILY = "DejaVu Sans";
let fontsRegistered = false;

function registerFonts(): void {
  if (fontsRegistered) return;
  const fonts = path.join(path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
  Font.register({
    family: FAMILY,
    fonts: [
      { src: path.join(fonts, "DejaVuSans.ttf") },
      { src: path.join(fonts, "DejaVuSans-Bold.ttf"), fontWeight: "bold" },
    ],
  });
  // Whole words only: names and titles are never hyphenated.
  Font.registerHyphenationCallback((word) => [word]);
  fontsRegistered = true;
}

const styles = StyleSheet.create({
  page: { fontFamily: FAMILY, color: "#1f2937", position: "relative" },
  background: { position: "absolute", top: 0, left: 0, width: "100%", height: "100%", objectFit: "cover" },
  frame: { position: "absolute", top: 18, left: 18, right: 18, bottom: 18, border: "2pt solid #94a3b8" },
  line: { position: "absolute", left: 60, right: 60, textAlign: "center" },
  school: { fontSize: 16, letterSpacing: 1 },
  heading: { fontSize: 30, fontWeight: "bold", marginTop: 8 },
  intro: { fontSize: 13, color: "#4b5563" },
  student: { fontSize: 28, fontWeight: "bold", marginTop: 6 },
  completed: { fontSize: 13, color: "#4b5563" },
  course: { fontSize: 20, fontWeight: "bold", marginTop: 6 },
  date: { fontSize: 12 },
  signature: { position: "absolute", left: 0, right: 0, alignItems: "center" },
  signatureRule: { width: 220, borderBottom: "1pt solid #1f2937", marginBottom: 4 },
  small: { fontSize: 9, color: "#4b5563" },
  qr: { position: "absolute", width: 86, alignItems: "center" },
});

const QR_PLACES = {
  "bottom-right": { right: 40, bottom: 34 },
  "bottom-left": { left: 40, bottom: 34 },
  "top-right": { right: 40, top: 34 },
  "top-left": { left: 40, top: 34 },
} as const;

/** react-pdf reads PNG and JPEG; any other uploaded image (WebP, GIF) is turned into a PNG first. */
async function drawableImage(bytes: Buffer): Promise<{ data: Buffer; format: "png" | "jpg" }> {
  if (bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]))) return { data: bytes, format: "png" };
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return { data: bytes, format: "jpg" };
  const { default: sharp } = await import("sharp");
  return { data: await sharp(bytes).png().toBuffer(), format: "png" };
}

export const renderCertificatePdf: CertificatePdfRenderer = async (doc: CertificateDocument) => {
  registerFonts();
  const { layout, texts } = doc;
  const qr = await QRCode.toDataURL(doc.verifyUrl, { margin: 1, width: 240, errorCorrectionLevel: "M" });
  const background = doc.background ? await drawableImage(doc.background) : null;
  const at = (percent: number) => `${percent}%`;
  const page = h(
    Page,
    { size: "A4", orientation: "landscape", style: styles.page },
    background
      ? h(Image, { src: background, style: styles.background, fixed: true })
      : h(View, { style: styles.frame }),
    h(
      View,
      { style: { ...styles.line, top: 50 } },
      h(Text, { style: styles.school }, texts.school),
      h(Text, { style: styles.heading }, texts.heading),
    ),
    h(
      View,
      { style: { ...styles.line, top: at(layout.name_top - 6) } },
      h(Text, { style: styles.intro }, texts.intro),
      h(Text, { style: styles.student }, texts.student),
    ),
    h(
      View,
      { style: { ...styles.line, top: at(layout.course_top - 5) } },
      h(Text, { style: styles.completed }, texts.completed),
      h(Text, { style: styles.course }, texts.course),
    ),
    h(View, { style: { ...styles.line, top: at(layout.date_top) } }, h(Text, { style: styles.date }, texts.date)),
    h(
      View,
      { style: { ...styles.signature, top: at(layout.signature_top) } },
      h(View, { style: styles.signatureRule }),
      h(Text, { style: styles.date }, texts.signer),
      h(Text, { style: styles.small }, texts.signatureLabel),
    ),
    h(
      View,
      { style: { ...styles.qr, ...QR_PLACES[layout.qr_corner] } },
      h(Image, { src: qr, style: { width: 80, height: 80 } }),
      h(Text, { style: { ...styles.small, fontSize: 7, textAlign: "center" } }, texts.verifyHint),
    ),
    h(Text, { style: { ...styles.small, ...styles.line, bottom: 24, fontSize: 7 } }, texts.id),
  );
  const document = h(Document, { title: `${texts.heading}: ${texts.student}`, author: texts.school }, page);
  return renderToBuffer(document as Parameters<typeof renderToBuffer>[0]);
};
