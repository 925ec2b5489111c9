// SVG uploads: plain drawings pass; anything that can run script, embed or fetch is refused.
import { describe, expect, it } from "vitest";
import { safeSvg, svgWithScript } from "#tests/helpers/media-fixtures.ts";
import { checkSvg } from "./svg-safety.ts";

const svg = (inner: string, attributes = "") =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attributes}>${inner}</svg>`,
  );

describe("checkSvg", () => {
  it("accepts a plain drawing with a declaration, comments, gradients, CDATA styles and entities", () => {
    expect(checkSvg(safeSvg)).toEqual({ ok: true });
    expect(checkSvg(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), safeSvg]))).toEqual({ ok: true });
    expect(checkSvg(svg('<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>'))).toEqual({
      ok: true,
    });
    expect(checkSvg(svg("<text>&lt;script&gt; is text &#65;&#x42;</text>"))).toEqual({ ok: true });
  });

  const refused: [string, Buffer][] = [
    ["a script element", svgWithScript],
    ["a namespaced script", svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>')],
    ["an upper-case script", svg("<SCRIPT>alert(1)</SCRIPT>")],
    ["an event handler", svg('<rect onload="alert(1)" width="1" height="1"/>')],
    ["an event handler on the root", svg("<rect/>", ' onclick="alert(1)"')],
    ["a javascript: link", svg('<a href="javascript:alert(1)"><text>x</text></a>')],
    ["an entity-encoded javascript: link", svg('<a xlink:href="&#106;avascript:alert(1)"><text>x</text></a>')],
    ["a javascript: link with a tab in it", svg('<a href="java\tscript:alert(1)"><text>x</text></a>')],
    ["an external image", svg('<image href="https://evil.example/x.png" width="1" height="1"/>')],
    ["an external use", svg('<use xlink:href="https://evil.example/sprite.svg#a"/>')],
    ["a relative reference", svg('<use href="other.svg#a"/>')],
    ["an svg data URL", svg('<image href="data:image/svg+xml;base64,PHN2Zz4=" width="1" height="1"/>')],
    ["an html data URL", svg('<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"><text>x</text></a>')],
    ["foreignObject", svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>')],
    ["an iframe", svg('<iframe src="https://evil.example"></iframe>')],
    [
      "an animation that rewrites a link",
      svg('<a><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a>'),
    ],
    ["an animation of a handler", svg('<animate attributeName="onbegin" values="alert(1)"/>')],
    ["a CSS import", svg("<style>@import url(https://evil.example/x.css);</style>")],
    ["a CSS external url", svg('<rect style="fill: url(https://evil.example/x)" width="1" height="1"/>')],
    ["a CSS escape", svg("<style>rect { background: \\75 rl(https://evil.example) }</style>")],
    ["CSS in CDATA with an external url", svg("<style><![CDATA[rect { fill: url('//evil.example/a') }]]></style>")],
    ["an external fill reference", svg('<rect fill="url(https://evil.example/#g)" width="1" height="1"/>')],
    ["a DOCTYPE with entities", Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>')],
    ["an xml-stylesheet instruction", Buffer.from('<?xml-stylesheet href="https://evil.example/x.xsl"?><svg></svg>')],
    ["an unknown entity", svg("<text>&nbsp;</text>")],
    ["an unclosed element", Buffer.from("<svg><g></svg>")],
    ["text outside the root", Buffer.from("<svg></svg>alert(1)")],
    ["a second root", Buffer.from("<svg></svg><svg></svg>")],
    ["a root that is not svg", Buffer.from("<html><body onload=alert(1)></body></html>")],
    ["an unquoted attribute", Buffer.from("<svg width=10></svg>")],
    ["PNG bytes", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
    ["JavaScript text", Buffer.from("alert(document.cookie)")],
    ["invalid UTF-8", Buffer.from([0x3c, 0x73, 0x76, 0x67, 0xff, 0x3e])],
    ["an empty file", Buffer.alloc(0)],
  ];

  it.each(refused)("refuses %s", (_name, bytes) => {
    expect(checkSvg(bytes).ok).toBe(false);
  });
});
