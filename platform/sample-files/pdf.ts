// A one-page A4 PDF with a coloured title band and lines of text, written by hand (PDF 1.4: catalog, one page,
// the standard Helvetica fonts, an uncompressed content stream, a cross-reference table). Polish letters are
// drawn with the fonts' own glyphs (aogonek, lslash, ...) through an encoding that puts them in unused codes;
// anything else outside Windows-1252 loses its accent.

export type PdfLine = { text: string; style?: "heading" | "body" | "note" };

export type PdfPage = {
  /** the document's title, also in the band at the top */
  title: string;
  /** a smaller line above the title (the course's name) */
  kicker: string;
  lines: PdfLine[];
};

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;

// Codes 0x80-0x8F get the Polish letters (in Windows-1252 they hold rarely used punctuation).
const polishGlyphs: [string, string][] = [
  ["ą", "aogonek"],
  ["ć", "cacute"],
  ["ę", "eogonek"],
  ["ł", "lslash"],
  ["ń", "nacute"],
  ["ś", "sacute"],
  ["ź", "zacute"],
  ["ż", "zdotaccent"],
  ["Ą", "Aogonek"],
  ["Ć", "Cacute"],
  ["Ę", "Eogonek"],
  ["Ł", "Lslash"],
  ["Ń", "Nacute"],
  ["Ś", "Sacute"],
  ["Ź", "Zacute"],
  ["Ż", "Zdotaccent"],
];
const codeOf = new Map<string, number>(polishGlyphs.map(([char], index) => [char, 0x80 + index]));
// Windows-1252 characters outside ASCII that the sample texts use (none in 0x80-0x8F).
for (const [char, code] of [
  ["ó", 0xf3],
  ["Ó", 0xd3],
  ["é", 0xe9],
  ["×", 0xd7],
  ["°", 0xb0],
  ["·", 0xb7],
  ["‘", 0x91],
  ["’", 0x92],
  ["“", 0x93],
  ["”", 0x94],
  ["•", 0x95],
  ["–", 0x96],
  ["—", 0x97],
] as const) {
  codeOf.set(char, code);
}
const fallbacks: Record<string, string> = { "„": '"', "…": "...", "\u00a0": " " };

/** The bytes of a text in the fonts' encoding, written as a PDF string literal. */
function pdfString(value: string): string {
  let out = "(";
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0x20 && code < 0x7f) {
      out += char === "(" || char === ")" || char === "\\" ? `\\${char}` : char;
      continue;
    }
    const mapped = codeOf.get(char);
    if (mapped !== undefined) {
      out += `\\${mapped.toString(8).padStart(3, "0")}`;
      continue;
    }
    const plain = fallbacks[char] ?? char.normalize("NFD").replace(/[^\x20-\x7e]/g, "");
    out += plain ? pdfString(plain).slice(1, -1) : "?";
  }
  return `${out})`;
}

/** A text string for the document information (title): UTF-16BE with a byte order mark, in hex. */
function pdfTextString(value: string): string {
  const utf16 = Buffer.from(value, "utf16le").swap16();
  return `<FEFF${utf16.toString("hex").toUpperCase()}>`;
}

// The fonts' advance widths (thousandths of the size) for ASCII 32-126, from Adobe's Helvetica and
// Helvetica-Bold metrics; letters with accents are as wide as their base letter.
// prettier-ignore
const widths = {
  F1: [278,278,355,556,556,889,667,191,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,278,278,584,584,584,556,1015,667,667,722,722,667,611,778,722,278,500,667,556,833,722,778,667,778,722,667,611,722,667,944,667,667,611,278,278,278,469,556,333,556,556,500,556,556,278,556,556,222,222,500,222,833,556,556,556,556,333,500,278,556,500,722,500,500,500,334,260,334,584],
  F2: [278,333,474,556,556,889,722,238,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,333,333,584,584,584,611,975,722,722,722,722,667,611,778,722,278,556,722,611,833,722,778,667,778,722,667,611,722,667,944,667,667,611,333,278,333,584,556,333,556,611,556,611,556,333,611,611,278,278,556,278,889,611,611,611,611,389,556,333,611,556,778,556,556,500,389,280,389,584],
} as const;
const otherWidths: Record<string, number> = { "·": 278, "•": 350, "–": 556, "—": 1000, "×": 584, "°": 400 };

type Font = keyof typeof widths;

function textWidth(text: string, font: Font, size: number): number {
  let total = 0;
  for (const char of text) {
    const base = char.normalize("NFD").replace(/[^\x20-\x7e]/g, "") || (char === "ł" ? "l" : char === "Ł" ? "L" : "");
    const code = base.charCodeAt(0);
    total += otherWidths[char] ?? (code >= 32 && code <= 126 ? widths[font][code - 32]! : 556);
  }
  return (total * size) / 1000;
}

function wrap(text: string, font: Font, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && textWidth(candidate, font, size) > width) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  return lines;
}

const styles = {
  heading: { font: "F2", size: 14, before: 14, colour: "0.114 0.247 0.71" },
  body: { font: "F1", size: 11.5, before: 6, colour: "0.1 0.1 0.12" },
  note: { font: "F1", size: 10, before: 12, colour: "0.35 0.35 0.4" },
} as const;

function contentStream(page: PdfPage): string {
  const ops: string[] = [];
  const bandHeight = 128;
  // The band: brand blue, with the course's name and the title in white.
  ops.push("0.114 0.247 0.71 rg", `0 ${PAGE_HEIGHT - bandHeight} ${PAGE_WIDTH} ${bandHeight} re f`);
  ops.push("BT", "1 1 1 rg", `/F1 11 Tf 1 0 0 1 ${MARGIN} ${PAGE_HEIGHT - 44} Tm ${pdfString(page.kicker)} Tj`, "ET");
  // The title on one line when it fits at 16 points or more, otherwise on two.
  const textWidthAvailable = PAGE_WIDTH - 2 * MARGIN;
  let titleSize = 22;
  while (titleSize > 16 && textWidth(page.title, "F2", titleSize) > textWidthAvailable) titleSize -= 1;
  let y = PAGE_HEIGHT - 74;
  for (const line of wrap(page.title, "F2", titleSize, textWidthAvailable).slice(0, 2)) {
    ops.push("BT", "1 1 1 rg", `/F2 ${titleSize} Tf 1 0 0 1 ${MARGIN} ${y} Tm ${pdfString(line)} Tj`, "ET");
    y -= titleSize * 1.25;
  }
  y = PAGE_HEIGHT - bandHeight - 24;
  for (const line of page.lines) {
    const style = styles[line.style ?? "body"];
    y -= style.before;
    for (const part of wrap(line.text, style.font, style.size, PAGE_WIDTH - 2 * MARGIN)) {
      y -= style.size * 1.35;
      if (y < MARGIN) break;
      ops.push(
        "BT",
        `${style.colour} rg`,
        `/${style.font} ${style.size} Tf 1 0 0 1 ${MARGIN} ${y.toFixed(1)} Tm ${pdfString(part)} Tj`,
        "ET",
      );
    }
  }
  return ops.join("\n");
}

export function onePagePdf(page: PdfPage): Buffer {
  const encoding = `<< /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [128 ${polishGlyphs
    .map(([, glyph]) => `/${glyph}`)
    .join(" ")}] >>`;
  const content = contentStream(page);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      "/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding 7 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding 7 0 R >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    encoding,
    `<< /Title ${pdfTextString(page.title)} /Producer (Studium) >>`,
  ];
  // The header's second line has bytes above 127, so that tools treat the file as binary.
  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 8 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
