// One-click unsubscribe (RFC 8058). A mail client POSTs `List-Unsubscribe=One-Click` to the link of the
// List-Unsubscribe header; a person who opens the link gets a page whose button makes that same POST, so
// a link scanner's GET never unsubscribes anyone. The signed token is the authority: no sign-in.
import { db } from "@/lib/db/client";
import { unsubscribeByToken, unsubscribeOffer } from "@/lib/services/notifications/unsubscribe";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(status: number, title: string, body: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<title>${title}</title><style>:root{color-scheme:light dark}body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}`
    + `button{font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:1px solid #4f46e5;background:#4f46e5;color:#fff;cursor:pointer}button:hover{background:#4338ca}button.secondary{background:transparent;color:inherit;border-color:currentColor}button.secondary:hover{background:rgba(127,127,127,.15)}.actions{display:flex;flex-wrap:wrap;gap:.75rem}button:focus-visible{outline:2px solid #6366f1;outline-offset:2px}p{line-height:1.5;overflow-wrap:anywhere}h1{overflow-wrap:anywhere}</style></head>`
    + `<body><h1>${title}</h1>${body}</body></html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}

const invalid = () => page(400, "This link does not work", "<p>The unsubscribe link is incomplete or was not made by this Charter. Change your email settings on the board's notifications page instead.</p>");

/** A form whose button makes the one-click POST; `all` widens a company's link to all companies. */
function button(token: string, label: string, all = false): string {
  const action = `/unsubscribe?token=${encodeURIComponent(token)}${all ? "&scope=all" : ""}`;
  return `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit"${all ? ` class="secondary"` : ""}>${escapeHtml(label)}</button></form>`;
}

// The mail client's one-click POST carries only the header's URL, so without `scope=all` the link's
// own scope applies: a company's mail stops that company's.
function scopeOf(req: Request): { token: string; all: boolean } | null {
  const params = new URL(req.url).searchParams;
  const scope = params.get("scope");
  return scope === null || scope === "all" ? { token: params.get("token") ?? "", all: scope === "all" } : null;
}

export async function GET(req: Request): Promise<Response> {
  const asked = scopeOf(req);
  const offer = asked && await unsubscribeOffer(db(), asked.token);
  if (!asked || !offer) return invalid();
  if (!offer.companyId) {
    return page(200, "Stop notification emails?", `<p>Charter will stop emailing you notifications. You can turn them back on from the board's notifications page.</p>${button(asked.token, "Unsubscribe")}`);
  }
  const name = offer.companyName ?? "this company";
  return page(200, `Stop emails about ${escapeHtml(name)}?`, `<p>Charter will stop emailing you about ${escapeHtml(name)}; your other companies keep emailing you as you chose. You can turn it back on from the board's notifications page.</p>`
    + `<div class="actions">${button(asked.token, `Unsubscribe from ${name}`)}${button(asked.token, "Unsubscribe from all companies", true)}</div>`);
}

export async function POST(req: Request): Promise<Response> {
  const asked = scopeOf(req);
  const done = asked && await unsubscribeByToken(db(), asked.token, asked.all);
  if (!asked || !done) return invalid();
  if (done.companyId) {
    const name = escapeHtml(done.companyName ?? "that company");
    return page(200, "You are unsubscribed", `<p>Charter will email you no more notifications about ${name}. Turn them back on from the board's notifications page.</p>`);
  }
  return page(200, "You are unsubscribed", "<p>Charter will email you no more notifications. Turn them back on from the board's notifications page.</p>");
}
