import { describe, expect, it } from "vitest";
import { sanitizeSvg, sniffImageType } from "@/lib/services/assets";
import { images } from "../support/images";

const buf = (s: string | Uint8Array) => (typeof s === "string" ? Buffer.from(s, "utf8") : Buffer.from(s));

describe("sniffImageType", () => {
  it.each([
    ["png", "image/png"],
    ["jpeg", "image/jpeg"],
    ["gif", "image/gif"],
    ["webp", "image/webp"],
  ] as const)("knows a real %s", (kind, type) => {
    expect(sniffImageType(buf(images[kind]))).toBe(type);
  });

  it("knows GIF87a and SVG documents with a prolog, comments, doctype or BOM", () => {
    expect(sniffImageType(buf("GIF87a\x01\x00"))).toBe("image/gif");
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- logo -->\n<svg viewBox="0 0 1 1"></svg>',
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>',
      "\uFEFF  <SVG>",
    ]) {
      expect(sniffImageType(buf(svg))).toBe("image/svg+xml");
    }
  });

  it.each([
    ["text", "hello, I am a PNG"],
    ["html", "<html><svg></svg></html>"],
    ["a truncated PNG signature", "\x89PNG"],
    ["RIFF that is not WebP", "RIFF\x00\x00\x00\x00WAVEfmt "],
    ["an svg-ish word", "<svgfoo>"],
    ["empty", ""],
  ])("refuses %s", (_what, content) => {
    expect(sniffImageType(Buffer.from(content, "latin1"))).toBeNull();
  });
});

describe("sanitizeSvg", () => {
  const dangerous = /<script|<foreignObject|<iframe|<embed|<object|\bon[a-z]+\s*=|javascript:|@import|<!DOCTYPE|xml-stylesheet/i;

  it("keeps the drawing", () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"/></defs><circle cx="5" cy="5" r="4" fill="url(#g)"/><use href="#g"/></svg>';
    expect(sanitizeSvg(svg)).toBe(svg);
  });

  it.each([
    ["a script element", '<svg><script>alert(1)</script><rect/></svg>'],
    ["a self-closing script", '<svg><script href="https://evil.test/x.js"/><rect/></svg>'],
    ["an event handler", '<svg onload="alert(1)"><rect/></svg>'],
    ["event handlers in every quoting", "<svg><rect onclick='a()' onmouseover=b() ONFOCUS = \"c()\"/></svg>"],
    ["a foreignObject", "<svg><foreignObject><iframe src=\"https://evil.test\"></iframe></foreignObject><rect/></svg>"],
    ["a javascript: link", '<svg><a href="javascript:alert(1)"><rect/></a><a xlink:href=\'javascript:alert(2)\'><rect/></a></svg>'],
    ["an external image", '<svg><image href="https://tracker.test/p.png"/><rect/></svg>'],
    ["css that fetches", "<svg><style>@import url(https://evil.test/x.css); rect { fill: url(https://evil.test/f) }</style><rect/></svg>"],
    ["a doctype with entities", '<!DOCTYPE svg [<!ENTITY x "boom">]><svg><rect/></svg>'],
    ["a stylesheet instruction", '<?xml-stylesheet href="https://evil.test/s.css"?><svg><rect/></svg>'],
    ["a script split around another script", "<svg><scr<script>x</script>ipt>alert(1)</script><rect/></svg>"],
    ["a handler split around another handler", '<svg><rect o onclick="x"nload="alert(1)"/></svg>'],
  ])("removes %s", (_what, svg) => {
    const out = sanitizeSvg(svg);
    expect(out).not.toMatch(dangerous);
    expect(out).not.toContain("evil.test");
    expect(out).not.toContain("tracker.test");
    expect(out).toContain("<rect");
  });

  it("keeps inline raster data URIs and fragment links", () => {
    const svg = '<svg><image href="data:image/png;base64,iVBORw0KGgo="/><use xlink:href="#a"/><rect/></svg>';
    expect(sanitizeSvg(svg)).toBe(svg);
  });
});
