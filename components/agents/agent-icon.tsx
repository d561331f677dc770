// Line icons for the agent icon enumeration (lib/icons.ts): drawn here on a 24×24 grid in the
// style of the lucide set the names come from, so the board needs no icon package.
import type { AgentIcon as AgentIconName } from "@/lib/icons";
import { cn } from "@/lib/cn";

const p = (d: string) => `<path d="${d}"/>`;
const c = (cx: number, cy: number, r: number, fill = false) => `<circle cx="${cx}" cy="${cy}" r="${r}"${fill ? ' fill="currentColor" stroke="none"' : ""}/>`;
const r = (x: number, y: number, w: number, h: number, rx = 2) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}"/>`;

const shapes: Record<AgentIconName, string> = {
  bot: r(4, 8, 16, 12) + p("M12 8V4M9.5 4h5M9 13v2M15 13v2M2 13v3M22 13v3"),
  brain: p("M12 5a3 3 0 0 0-5.5-1.6A3.5 3.5 0 0 0 4 8a3.5 3.5 0 0 0 0 6.5A3.5 3.5 0 0 0 7.5 19a3 3 0 0 0 4.5 1.5z") +
    p("M12 5a3 3 0 0 1 5.5-1.6A3.5 3.5 0 0 1 20 8a3.5 3.5 0 0 1 0 6.5 3.5 3.5 0 0 1-3.5 4.5 3 3 0 0 1-4.5 1.5zM12 5v15.5"),
  briefcase: r(3, 7, 18, 13) + p("M8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M3 13h18"),
  bug: r(8, 8, 8, 13, 4) + p("M9 8.5a3 3 0 0 1 6 0M12 12v9M4 11h4M16 11h4M4 18l4-2M20 18l-4-2M9.5 5.5 8 3.5M14.5 5.5 16 3.5"),
  building: r(5, 3, 14, 18, 1) + p("M9 7h1M14 7h1M9 11h1M14 11h1M9 15h1M14 15h1M11 21v-3h2v3"),
  calculator: r(5, 2, 14, 20) + r(8, 5, 8, 4, 1) + p("M8.5 13h.01M12 13h.01M15.5 13h.01M8.5 17h.01M12 17h.01M15.5 17h.01"),
  camera: p("M4 7h3l2-3h6l2 3h3a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1z") + c(12, 13, 3.5),
  "chart-bar": p("M3 3v18h18M8 17v-5M13 17V7M18 17v-8"),
  "clipboard-list": r(5, 4, 14, 18) + r(9, 2, 6, 4, 1) + p("M9 11h6M9 15h6M9 19h3"),
  cloud: p("M7 19a5 5 0 0 1-.5-9.98 6 6 0 0 1 11.5 1.48A4.25 4.25 0 0 1 17.5 19z"),
  code: p("M16 18l6-6-6-6M8 6l-6 6 6 6"),
  cog: c(12, 12, 3) + c(12, 12, 7) + p("M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9 7 7M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1"),
  compass: c(12, 12, 10) + p("M16.2 7.8l-2.1 6.3-6.3 2.1 2.1-6.3z"),
  cpu: r(6, 6, 12, 12) + r(9.5, 9.5, 5, 5, 1) + p("M9 2v4M15 2v4M9 18v4M15 18v4M2 9h4M2 15h4M18 9h4M18 15h4"),
  crown: p("M4 17 3 7l5 4 4-6 4 6 5-4-1 10zM4 21h16"),
  database: `<ellipse cx="12" cy="5" rx="8" ry="3"/>` + p("M4 5v14c0 1.7 3.6 3 8 3s8-1.3 8-3V5M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3"),
  "dollar-sign": p("M12 2v20M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6"),
  feather: p("M20 4C13 3.5 6.5 8 6.5 15v3.5H10C17 18.5 20.5 11 20 4zM16 8 3 21M17 14H9.5"),
  "file-text": p("M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M8 13h8M8 17h8M8 9h2"),
  "flask-conical": p("M9 2v7.5l-4.8 9A2 2 0 0 0 6 21.5h12a2 2 0 0 0 1.8-3l-4.8-9V2M8 2h8M6.5 15h11"),
  gavel: p("M13 6 18 11M10 9l5 5M11.5 4.5l8 8M3 21l8.5-8.5") + r(9.5, 5, 6, 8, 1).replace("/>", ' transform="rotate(-45 12.5 9)"/>'),
  "git-branch": c(6, 18, 3) + c(18, 6, 3) + p("M6 3v12M18 9a9 9 0 0 1-9 9"),
  globe: c(12, 12, 10) + p("M2 12h20M12 2a15 15 0 0 1 4 10 15 15 0 0 1-4 10 15 15 0 0 1-4-10 15 15 0 0 1 4-10z"),
  "graduation-cap": p("M22 10 12 5 2 10l10 5zM6 12v5c3 3 9 3 12 0v-5M22 10v6"),
  hammer: p("M3.5 20.5l9-9M10.5 6.5l4-4 7 7-4 4zM12.5 8.5l3 3"),
  headphones: p("M3 18v-6a9 9 0 0 1 18 0v6M3 14h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM21 14h-3a2 2 0 0 0-2 2v3a2 2 0 0 0 2 2h1a2 2 0 0 0 2-2z"),
  heart: p("M12 20.5S3.5 15 3.5 9.5A4.5 4.5 0 0 1 12 7.2a4.5 4.5 0 0 1 8.5 2.3c0 5.5-8.5 11-8.5 11z"),
  lightbulb: p("M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7V16h8v-1.3A7 7 0 0 0 12 2z"),
  lock: r(4, 11, 16, 10) + p("M8 11V7a4 4 0 0 1 8 0v4M12 15v2"),
  mail: r(2, 4, 20, 16) + p("M22 7l-10 6L2 7"),
  megaphone: p("M3 11v3a1 1 0 0 0 1 1h3l7 4.5v-13L7 10H4a1 1 0 0 0-1 1zM18 8.5a5 5 0 0 1 0 7M7 15l1.2 5h2.3L9.5 15"),
  "message-square": p("M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"),
  microscope: p("M6 18h8M3 22h18M14 22a7 7 0 1 0 0-14M9 14h2M8 6h4v6a2 2 0 0 1-4 0zM10 6V2"),
  palette: p("M12 22a10 10 0 1 1 10-10c0 2.5-2 4-4.5 4H15a2 2 0 0 0-1.5 3.3A1.7 1.7 0 0 1 12 22z") +
    c(7.5, 11, 1.2, true) + c(10, 7, 1.2, true) + c(14.5, 7, 1.2, true) + c(17, 11, 1.2, true),
  "pen-tool": p("M12 19l7-7 3 3-7 7zM18 13l-1.5-7.5L2 2l3.5 14.5L13 18zM2 2l7.6 7.6") + c(11, 11, 2),
  rocket: p("M12 2c3 2 5 6 5 10l-2 5H9l-2-5c0-4 2-8 5-10zM7 12l-3 3v3.5l3.5-1.5M17 12l3 3v3.5L16.5 17M10 20.5l2 1.5 2-1.5") + c(12, 9.5, 2),
  scale: p("M12 3v18M7 21h10M4 7h16M6.5 7 3 14a3.5 3.5 0 0 0 7 0zM17.5 7 14 14a3.5 3.5 0 0 0 7 0z"),
  search: c(11, 11, 7) + p("M21 21l-4.35-4.35"),
  server: r(2, 3, 20, 8) + r(2, 13, 20, 8) + p("M6 7h.01M6 17h.01M10 7h4M10 17h4"),
  shield: p("M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z"),
  sparkles: p("M11 3l1.9 5.1L18 10l-5.1 1.9L11 17l-1.9-5.1L4 10l5.1-1.9zM19 15l.8 2.2 2.2.8-2.2.8-.8 2.2-.8-2.2-2.2-.8 2.2-.8zM19 2v4M17 4h4"),
  target: c(12, 12, 10) + c(12, 12, 6) + c(12, 12, 2),
  terminal: p("M4 17l6-6-6-6M12 19h8"),
  "test-tube": p("M15 2 4.5 12.5a3.5 3.5 0 0 0 5 5L20 7M13.5 3.5l7 7M7 10h7"),
  users: c(9, 7, 4) + p("M2 21v-2a4 4 0 0 1 4-4h6a4 4 0 0 1 4 4v2M16 3.1a4 4 0 0 1 0 7.8M22 21v-2a4 4 0 0 0-3-3.9"),
  wand: p("M3 21 14 10M15 4V2M15 12v-2M9 6H7M22 6h-2M18.5 2.5 17 4M18.5 9.5 17 8M11.5 2.5 13 4"),
  wrench: p("M21 7a5 5 0 0 1-6.6 4.7L6 20.1a2 2 0 0 1-2.9-2.9l8.4-8.4A5 5 0 0 1 17 3l-3 3 .8 3.2L18 10z"),
  zap: p("M13 2 3 14h9l-1 8 10-12h-9z"),
};

export function AgentIcon({ icon, className }: { icon: string | null | undefined; className?: string }) {
  const markup = shapes[(icon ?? "bot") as AgentIconName] ?? shapes.bot;
  return (
    <svg
      viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinecap="round" strokeLinejoin="round"
      className={cn("size-4 shrink-0", className)} aria-hidden="true" dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}

const roleTints: Record<string, string> = {
  ceo: "bg-amber-100 text-amber-700 ring-amber-200",
  manager: "bg-violet-100 text-violet-700 ring-violet-200",
  engineer: "bg-sky-100 text-sky-700 ring-sky-200",
  researcher: "bg-emerald-100 text-emerald-700 ring-emerald-200",
  designer: "bg-pink-100 text-pink-700 ring-pink-200",
  qa: "bg-orange-100 text-orange-700 ring-orange-200",
  general: "bg-slate-100 text-slate-600 ring-slate-200",
};

/** The agent's icon in a rounded tile tinted by its role. */
export function AgentAvatar({ icon, role, size = "md", className }: { icon: string | null; role: string; size?: "xs" | "sm" | "md" | "lg"; className?: string }) {
  const box = { xs: "size-5 rounded", sm: "size-7 rounded-md", md: "size-8 rounded-lg", lg: "size-12 rounded-xl" }[size];
  const glyph = { xs: "size-3.5", sm: "size-4", md: "size-[18px]", lg: "size-6" }[size];
  return (
    <span className={cn("inline-flex shrink-0 items-center justify-center ring-1 ring-inset", box, roleTints[role] ?? roleTints.general, className)}>
      <AgentIcon icon={icon} className={glyph} />
    </span>
  );
}
