// The board's markdown: mentions, issue identifiers and bare board paths become links; code, existing
// links and other companies' identifiers stay as written; raw HTML never renders.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkdownText } from "@/components/markdown/render";

const ada = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
const bob = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a6c";
const render = (md: string, agents = [{ id: ada, urlKey: "ada" }]) =>
  renderToStaticMarkup(createElement(MarkdownText, { prefix: "ACME", agents, children: md }));

describe("mentions", () => {
  it("links an agent mention to the agent's page by its url key, styled as a mention", () => {
    expect(render(`Over to [@Ada](agent://${ada}) now`)).toContain(`<a class="mention" href="/ACME/agents/ada">@Ada</a>`);
  });

  it("links an agent the page does not know by its id (the route takes either)", () => {
    expect(render(`[@Ghost](agent://${bob.toUpperCase()})`)).toContain(`<a class="mention" href="/ACME/agents/${bob}">@Ghost</a>`);
  });

  it("shows a board user's mention as a styled name, not a link", () => {
    const html = render(`Ask [@Grace Hopper](user://${bob})`);
    expect(html).toMatch(new RegExp(`<span class="mention [^"]*" data-user-id="${bob}" title="Board user">@Grace Hopper</span>`));
    expect(html).not.toContain("user://");
    expect(html).not.toMatch(/<a /);
  });

  it("leaves a malformed mention URL unlinked (react-markdown's protocol allowlist)", () => {
    const html = render("[@Ada](agent://not-an-id) and [@X](user://1)");
    expect(html).not.toContain("agent://");
    expect(html).not.toContain("user://");
    expect(html).not.toContain("mention");
  });
});

describe("issue identifiers", () => {
  it("links the company's own identifiers as whole words", () => {
    const html = render("Blocked by ACME-12, see also (ACME-3).");
    expect(html).toContain(`<a href="/ACME/issues/ACME-12">ACME-12</a>,`);
    expect(html).toContain(`(<a href="/ACME/issues/ACME-3">ACME-3</a>).`);
  });

  it("leaves another prefix, lower case, partial words and zero-numbers alone", () => {
    const html = render("OTHER-12 acme-12 XACME-12 ACME-12x ACME-0 ACME-12-b");
    expect(html).not.toContain("<a");
  });

  it("does not touch code spans, code blocks or existing links", () => {
    const html = render("`ACME-1` and\n\n```\nACME-2 /ACME/issues/ACME-3\n```\n\n[the ACME-4 page](https://example.com/ACME-4) https://example.com/ACME-5");
    expect(html).toContain("<code>ACME-1</code>");
    expect(html).toContain("ACME-2 /ACME/issues/ACME-3\n</code>");
    expect(html).toContain(`<a href="https://example.com/ACME-4" target="_blank" rel="noopener noreferrer nofollow">the ACME-4 page</a>`);
    expect(html).toContain(`<a href="https://example.com/ACME-5" target="_blank" rel="noopener noreferrer nofollow">https://example.com/ACME-5</a>`);
    expect(html).not.toContain(`href="/ACME/issues/`);
  });

  it("links a bare board path once, not its identifier again", () => {
    const html = render("see /ACME/issues/ACME-7.");
    expect(html).toContain(`<a href="/ACME/issues/ACME-7">/ACME/issues/ACME-7</a>.`);
    expect(html.match(/<a /g)).toHaveLength(1);
  });
});

describe("safety", () => {
  it("never renders raw HTML or script URLs", () => {
    const html = render(`<script>alert(1)</script>\n\nText <img src=x onerror=alert(2)> [x](javascript:alert(3)) ![y](javascript:alert(4)) <a href="/ACME/issues/ACME-1">a</a>`);
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toMatch(/<script|<img src="x"|href="javascript|src="javascript|<a href="\/ACME/i);
    expect(html).toContain("<span>x</span>"); // the link without its script URL
    expect(html).not.toContain("<img");
  });

  it("shows uploaded images inline and links uploaded files to the API (not a board route)", () => {
    const id = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a7d";
    const html = render(`![shot.png](/api/assets/${id}) [report.pdf](/api/assets/${id})`);
    expect(html).toContain(`<img src="/api/assets/${id}" alt="shot.png" loading="lazy"`);
    expect(html).toContain(`<a href="/api/assets/${id}" target="_blank" rel="noopener">report.pdf</a>`);
  });
});
