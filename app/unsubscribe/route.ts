// One-click unsubscribe (RFC 8058). A mail client POSTs `List-Unsubscribe=One-Click` to the link of the
// List-Unsubscribe header; a person who opens the link gets a page whose button makes that same POST, so
// a link scanner's GET never unsubscribes anyone. The signed token is the authority: no sign-in.
import { db } from "@/lib/db/client";
import { unsubscribeByToken } from "@/lib/services/notifications/preferences";
import { userOfUnsubscribeToken } from "@/lib/services/notifications/unsubscribe-token";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(status: number, title: string, body: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<title>${title}</title><style>:root{color-scheme:light dark}body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}`
    + `button{font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:1px solid #4f46e5;background:#4f46e5;color:#fff;cursor:pointer}button:hover{background:#4338ca}button:focus-visible{outline:2px solid #6366f1;outline-offset:2px}p{line-height:1.5;overflow-wrap:anywhere}</style></head>`
    + `<body><h1>${title}</h1>${body}</body></html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}

const invalid = () => page(400, "This link does not work", "<p>The unsubscribe link is incomplete or was not made by this Charter. Change your email settings on the board's notifications page instead.</p>");

export function GET(req: Request): Response {
  const token = new URL(req.url).searchParams.get("token") ?? "";
  if (!userOfUnsubscribeToken(token)) return invalid();
  return page(200, "Stop notification emails?", `<p>Charter will stop emailing you notifications. You can turn them back on from the board's notifications page.</p>`
    + `<form method="post" action="/unsubscribe?token=${escapeHtml(encodeURIComponent(token))}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`);
}

export async function POST(req: Request): Promise<Response> {
  const token = new URL(req.url).searchParams.get("token") ?? "";
  if (!(await unsubscribeByToken(db(), token))) return invalid();
  return page(200, "You are unsubscribed", "<p>Charter will email you no more notifications. Turn them back on from the board's notifications page.</p>");
}
