// An SVG is a document, not a picture: it can carry scripts, event handlers, javascript: links and
// references that make the viewer fetch other things. An uploaded SVG is read as XML text here and refused
// unless it is plainly a drawing: a well-formed document with an <svg> root, no DOCTYPE or entities beyond
// XML's five, no processing instructions but the XML declaration, no script-capable or embedding elements,
// no on* attributes, no link that leaves the document (only "#id" and raster data: images), no CSS
// url() but url(#id), no @import. (It is also always served as an attachment with a sandboxing policy;
// see server/api/media-files.ts. Refusing is the stricter half of that pair.)

export type SvgVerdict = { ok: true } | { ok: false; reason: string };

// Elements that run script, embed other documents or can rewrite links by animation.
const FORBIDDEN_ELEMENTS = new Set([
  "script",
  "foreignobject",
  "iframe",
  "frame",
  "embed",
  "object",
  "applet",
  "handler",
  "listener",
  "audio",
  "video",
  "base",
  "meta",
  "link",
]);
const ANIMATION_ELEMENTS = new Set(["animate", "set", "animatemotion", "animatetransform", "animatecolor"]);
const LINK_ATTRIBUTES = new Set(["href", "src", "action", "formaction"]);
const SAFE_DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;

const NAME = /[A-Za-z_][A-Za-z0-9._:-]*/y;
const SPACE = /[ \t\r\n]*/y;

function decodeEntities(text: string): string | null {
  let bad = false;
  const decoded = text.replace(/&([^;&\s]{0,12});?/g, (match, name: string) => {
    if (!match.endsWith(";")) {
      bad = true;
      return "";
    }
    if (name === "amp") return "&";
    if (name === "lt") return "<";
    if (name === "gt") return ">";
    if (name === "quot") return '"';
    if (name === "apos") return "'";
    const code = /^#x([0-9a-f]{1,6})$/i.exec(name)?.[1] ?? null;
    const decimal = /^#([0-9]{1,7})$/.exec(name)?.[1] ?? null;
    const value = code !== null ? Number.parseInt(code, 16) : decimal !== null ? Number.parseInt(decimal, 10) : NaN;
    if (!Number.isFinite(value) || value > 0x10ffff || value === 0) {
      bad = true;
      return "";
    }
    return String.fromCodePoint(value);
  });
  return bad ? null : decoded;
}

/** What the browser would see as the scheme: whitespace and control characters inside it are ignored. */
function compact(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0020\u007f-\u00a0]+/g, "").toLowerCase();
}

/** CSS (a style attribute or a <style> element) that fetches or runs something. */
function unsafeCss(css: string): string | null {
  // CSS escapes can spell anything ("\75 rl(" is "url("): none are needed in a drawing.
  if (css.includes("\\")) return "css escape";
  const plain = compact(css.replace(/\/\*[\s\S]*?\*\//g, ""));
  if (plain.includes("@import") || plain.includes("@font-face")) return "css @import or font";
  if (/image-set\(|cross-fade\(|element\(/.test(plain)) return "external reference in css";
  if (/expression\(|javascript:|vbscript:|-moz-binding|behavior:/.test(plain)) return "script in css";
  for (const match of plain.matchAll(/url\(([^)]*)\)?/g)) {
    const target = (match[1] ?? "").replace(/^['"]|['"]$/g, "");
    if (!target.startsWith("#") && !SAFE_DATA_IMAGE.test(target)) return "external reference in css";
  }
  return null;
}

function checkAttribute(element: string, name: string, value: string): string | null {
  const local = name.toLowerCase().split(":").pop()!;
  if (local.startsWith("on")) return `event handler attribute ${name}`;
  const plain = compact(value);
  if (/(?:java|vb)script:/.test(plain) || (plain.startsWith("data:") && !SAFE_DATA_IMAGE.test(value.trim()))) {
    return `script or document URL in ${name}`;
  }
  if (LINK_ATTRIBUTES.has(local) && !plain.startsWith("#") && !SAFE_DATA_IMAGE.test(value.trim())) {
    return `external reference in ${name}`;
  }
  if (ANIMATION_ELEMENTS.has(element) && local === "attributename" && /href|^on/.test(plain)) {
    return "animation of a link or handler";
  }
  return unsafeCss(value);
}

export function checkSvg(bytes: Buffer | Uint8Array): SvgVerdict {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, reason: "not UTF-8 text" };
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) return { ok: false, reason: "control characters" };

  const stack: string[] = [];
  let sawRoot = false;
  let styleText = "";
  let i = 0;
  const fail = (reason: string): SvgVerdict => ({ ok: false, reason });
  const inStyle = () => stack.at(-1)?.split(":").pop() === "style";

  const readSpace = () => {
    SPACE.lastIndex = i;
    SPACE.exec(text);
    i = SPACE.lastIndex;
  };
  const readName = (): string | null => {
    NAME.lastIndex = i;
    const match = NAME.exec(text);
    if (!match) return null;
    i = NAME.lastIndex;
    return match[0];
  };

  while (i < text.length) {
    const lt = text.indexOf("<", i);
    const chunk = text.slice(i, lt === -1 ? text.length : lt);
    if (chunk.length) {
      if (stack.length === 0 && chunk.trim() !== "") return fail("text outside the root element");
      if (chunk.includes(">") && stack.length === 0) return fail("stray '>'");
      const decoded = decodeEntities(chunk);
      if (decoded === null) return fail("unknown entity");
      if (inStyle()) styleText += decoded;
    }
    if (lt === -1) break;
    i = lt;

    if (text.startsWith("<!--", i)) {
      const end = text.indexOf("-->", i + 4);
      if (end === -1) return fail("unclosed comment");
      i = end + 3;
      continue;
    }
    if (text.startsWith("<![CDATA[", i)) {
      if (stack.length === 0) return fail("CDATA outside the root element");
      const end = text.indexOf("]]>", i + 9);
      if (end === -1) return fail("unclosed CDATA");
      if (inStyle()) styleText += text.slice(i + 9, end);
      i = end + 3;
      continue;
    }
    if (text.startsWith("<!", i)) return fail("DOCTYPE or declaration");
    if (text.startsWith("<?", i)) {
      const end = text.indexOf("?>", i + 2);
      if (end === -1) return fail("unclosed processing instruction");
      const target = /^<\?([^\s?]*)/.exec(text.slice(i, end))?.[1] ?? "";
      // Only the XML declaration, and only before anything else.
      if (
        target !== "xml" ||
        sawRoot ||
        text
          .slice(0, i)
          .replace(/^\uFEFF/, "")
          .trim() !== ""
      ) {
        return fail("processing instruction");
      }
      i = end + 2;
      continue;
    }
    if (text.startsWith("</", i)) {
      i += 2;
      const name = readName();
      if (!name) return fail("malformed end tag");
      readSpace();
      if (text[i] !== ">") return fail("malformed end tag");
      i++;
      const open = stack.pop();
      if (open === undefined || open !== name.toLowerCase()) return fail("mismatched end tag");
      if (open.split(":").pop() === "style") {
        const problem = unsafeCss(styleText);
        if (problem) return fail(problem);
        styleText = "";
      }
      continue;
    }

    // A start tag.
    i++;
    const rawName = readName();
    if (!rawName) return fail("malformed tag");
    const name = rawName.toLowerCase();
    const local = name.split(":").pop()!;
    if (stack.length === 0) {
      if (sawRoot) return fail("more than one root element");
      if (local !== "svg") return fail("root element is not <svg>");
      sawRoot = true;
    }
    if (FORBIDDEN_ELEMENTS.has(local)) return fail(`<${rawName}> element`);
    const seen = new Set<string>();
    for (;;) {
      const before = i;
      readSpace();
      if (text.startsWith("/>", i)) {
        i += 2;
        break;
      }
      if (text[i] === ">") {
        i++;
        stack.push(name);
        break;
      }
      if (i === before) return fail("malformed attributes");
      const attribute = readName();
      if (!attribute) return fail("malformed attribute");
      if (seen.has(attribute)) return fail("repeated attribute");
      seen.add(attribute);
      readSpace();
      if (text[i] !== "=") return fail("attribute without a value");
      i++;
      readSpace();
      const quote = text[i];
      if (quote !== '"' && quote !== "'") return fail("unquoted attribute");
      const end = text.indexOf(quote, i + 1);
      if (end === -1) return fail("unclosed attribute");
      const rawValue = text.slice(i + 1, end);
      if (rawValue.includes("<")) return fail("'<' in an attribute");
      i = end + 1;
      const value = decodeEntities(rawValue);
      if (value === null) return fail("unknown entity");
      const problem = checkAttribute(local, attribute, value);
      if (problem) return fail(problem);
    }
  }
  if (!sawRoot) return fail("no <svg> element");
  if (stack.length) return fail("unclosed element");
  return { ok: true };
}
