"use client";

import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { usePathname, useRouter } from "next/navigation";
import { Command, defaultFilter } from "cmdk";
import { roleLabel } from "@/lib/format";
import { cn } from "@/lib/cn";
import type { AgentDto } from "@/lib/dto/agents";
import { SearchGlyph } from "@/components/ui/glyphs";
import { AgentAvatar } from "@/components/agents/agent-icon";
import { statusDot } from "@/components/issues/issue-badges";
import type { SwitcherCompany } from "@/components/shell/company-switcher.client";
import { sameSectionHref } from "@/components/shell/company-switcher.client";
import { Kbd, useModKey } from "@/components/shortcuts/shortcut-help.client";
import { usePaletteData } from "@/components/palette/palette-data";

interface PaletteActions {
  newIssue?: () => void;
  newAgent?: () => void;
  /** wakes the agent; resolves with a sentence for the status line, rejects with the API's */
  wake?: (agent: AgentDto) => Promise<void>;
  toggleTheme?: () => void;
  openHelp: () => void;
}

type Page = "root" | "wake" | "company";

// Issues come back already matched by the server's word search: the palette's own fuzzy filter
// must not hide them, and they rank above its fuzzy matches. Only an agent, page or project whose
// whole name is what was typed ranks above them: typing "Ada" means the agent Ada, not every issue
// that mentions her.
const ISSUE_VALUE = "issue: ";
const issueValue = (i: { identifier: string; title: string }) => `${ISSUE_VALUE}${i.identifier} ${i.title}`;
const agentValue = (a: { name: string; urlKey: string }) => `agent ${a.name} ${a.urlKey}`;
const pageValue = (p: { label: string }) => `page ${p.label}`;
const projectValue = (p: { name: string }) => `project ${p.name}`;
const nameKey = (s: string) => s.trim().toLowerCase();

/** The cmdk filter; `exact` holds, by name, the values of the items with that whole name. */
function paletteFilter(exact: Map<string, string[]>) {
  return (value: string, search: string, keywords?: string[]) => {
    if (exact.get(nameKey(search))?.includes(value)) return 1;
    if (value.startsWith(ISSUE_VALUE)) return 0.9;
    return defaultFilter(value, search, keywords) * 0.5;
  };
}

function exactNames(prefix: string, agents: PaletteData["agents"], projects: PaletteData["projects"]): Map<string, string[]> {
  const named: [string, string][] = [
    ...agents.map((a) => [a.name, agentValue(a)] as [string, string]),
    ...pages(prefix).map((p) => [p.label, pageValue(p)] as [string, string]),
    ...projects.map((p) => [p.name, projectValue(p)] as [string, string]),
  ];
  const byName = new Map<string, string[]>();
  for (const [name, value] of named) byName.set(nameKey(name), [...(byName.get(nameKey(name)) ?? []), value]);
  return byName;
}

const pages = (prefix: string) => [
  { label: "Dashboard", href: `/${prefix}/dashboard`, keys: "G D" },
  { label: "Inbox", href: `/${prefix}/inbox` },
  { label: "Issues", href: `/${prefix}/issues`, keys: "G I" },
  { label: "Board (kanban)", href: `/${prefix}/issues?view=board`, keys: "G B" },
  { label: "Labels", href: `/${prefix}/issues/labels` },
  { label: "Not moving (stalled issues)", href: `/${prefix}/stalled` },
  { label: "Projects", href: `/${prefix}/projects` },
  { label: "Goals", href: `/${prefix}/goals` },
  { label: "Agents", href: `/${prefix}/agents`, keys: "G A" },
  { label: "Routines", href: `/${prefix}/routines` },
  { label: "Org chart", href: `/${prefix}/org`, keys: "G O" },
  { label: "Approvals", href: `/${prefix}/approvals`, keys: "G P" },
  { label: "Costs", href: `/${prefix}/costs` },
  { label: "Activity", href: `/${prefix}/activity` },
  { label: "Settings", href: `/${prefix}/settings` },
  { label: "All companies", href: "/companies" },
];

// agents that a wake would not refuse outright
const wakeable = (a: AgentDto) => !["paused", "terminated", "pending_approval"].includes(a.status);

/**
 * ⌘K: pages, issues (the API's word search), agents, projects and actions in one list, on a native
 * modal <dialog> (focus kept inside, Escape closes). Two actions open a second list: the agent to
 * run now, the company to switch to; Backspace in an empty field comes back.
 */
export function CommandPalette({ open, onClose, company, companies, actions }: {
  open: boolean; onClose: () => void; company: SwitcherCompany; companies: SwitcherCompany[]; actions: PaletteActions;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) {
      dialog.showModal();
      dialog.querySelector("input")?.focus();
    }
    if (!open && dialog?.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      data-command-palette
      aria-label="Command palette"
      onClose={onClose}
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
      className="m-auto mt-[12vh] w-[calc(100%-1.5rem)] max-w-xl overflow-hidden rounded-xl bg-surface p-0 text-fg shadow-2xl ring-1 ring-slate-900/10 backdrop:bg-slate-900/40"
    >
      {open && <PaletteBody onClose={onClose} company={company} companies={companies} actions={actions} />}
    </dialog>
  );
}

function PaletteBody({ onClose, company, companies, actions }: { onClose: () => void; company: SwitcherCompany; companies: SwitcherCompany[]; actions: PaletteActions }) {
  const router = useRouter();
  const pathname = usePathname();
  const mod = useModKey();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState<Page>("root");
  const data = usePaletteData(company.id, true, page === "root" ? search : "");
  const prefix = company.issuePrefix;
  // the highlighted item; when the search's answer arrives, its best issue is highlighted (the
  // results come after the typing, so cmdk's own choice was made without them)
  const [value, setValue] = useState("");
  const exact = useMemo(() => exactNames(prefix, data.agents, data.projects), [prefix, data.agents, data.projects]);
  const filter = useMemo(() => paletteFilter(exact), [exact]);
  // only the root list holds the agents, pages and issues named here
  const best = page !== "root" ? null : exact.get(nameKey(search))?.[0] ?? (data.issues[0] ? issueValue(data.issues[0]) : null);
  useEffect(() => {
    if (best) setValue(best);
  }, [best]);

  const go = (href: string) => {
    onClose();
    router.push(href);
  };
  const run = (fn: () => void) => {
    onClose();
    fn();
  };
  const enter = (next: Page) => {
    setPage(next);
    setSearch("");
  };

  return (
    <Command
      // cmdk names its combobox with this label (it overrides an aria-label on the input)
      label={page === "wake" ? "Agent to run now" : page === "company" ? "Company to switch to" : "Search pages, issues, agents and actions"}
      loop
      vimBindings={false}
      filter={filter}
      value={value}
      onValueChange={setValue}
      className="flex max-h-[min(32rem,80vh)] flex-col"
      onKeyDown={(e) => {
        if (e.key === "Backspace" && !search && page !== "root") {
          e.preventDefault();
          setPage("root");
        }
      }}
    >
      <div className="flex items-center gap-2 border-b border-line px-3">
        <SearchGlyph className="shrink-0 text-fg-subtle" />
        {page !== "root" && (
          <span className="shrink-0 rounded bg-surface-hover px-1.5 py-0.5 text-xs font-medium text-fg">{page === "wake" ? "Run now" : "Switch company"}</span>
        )}
        <Command.Input
          value={search}
          onValueChange={setSearch}
          placeholder={page === "wake" ? "Which agent?" : page === "company" ? "Which company?" : "Type a command, an issue, an agent…"}
          className="h-12 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-fg-subtle sm:text-sm"
        />
        <span className="hidden sm:inline"><Kbd>Esc</Kbd></span>
      </div>
      <Command.List label="Results" className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-1.5">
        <Command.Empty className="px-3 py-6 text-center text-sm text-fg-muted">
          {data.issuesLoading ? "Searching…" : "Nothing matches."}
        </Command.Empty>
        {page === "root" && (
          <RootPage
            prefix={prefix}
            search={search}
            best={new Set(exact.get(nameKey(search)) ?? [])}
            data={data}
            actions={actions}
            mod={mod}
            go={go}
            run={run}
            enter={enter}
            hasOtherCompanies={companies.length > 1}
          />
        )}
        {page === "wake" && (
          <Command.Group heading={<Heading>Run an agent now</Heading>}>
            {data.agents.filter(wakeable).map((a) => (
              <Item key={a.id} value={`wake ${a.name} ${a.urlKey}`} onSelect={() => run(() => void actions.wake?.(a))} icon={<AgentAvatar icon={a.icon} role={a.role} size="sm" />}>
                {a.name} <span className="text-fg-muted">· {a.title || roleLabel(a.role)}</span>
              </Item>
            ))}
          </Command.Group>
        )}
        {page === "company" && (
          <Command.Group heading={<Heading>Switch company</Heading>}>
            {companies.map((c) => (
              <Item key={c.id} value={`company ${c.name} ${c.issuePrefix}`} onSelect={() => go(sameSectionHref(pathname, c.issuePrefix))} hint={c.id === company.id ? "current" : c.issuePrefix}>
                {c.name}
              </Item>
            ))}
          </Command.Group>
        )}
      </Command.List>
    </Command>
  );
}

type PaletteData = ReturnType<typeof usePaletteData>;

/**
 * The root list. cmdk orders items inside a group but not the groups, so the agent, page or project
 * whose whole name was typed gets a group of its own at the top.
 */
function RootPage({ prefix, search, best, data, actions, mod, go, run, enter, hasOtherCompanies }: {
  prefix: string; search: string; best: Set<string>; data: PaletteData; actions: PaletteActions; mod: string;
  go: (href: string) => void; run: (fn: () => void) => void; enter: (page: Page) => void; hasOtherCompanies: boolean;
}) {
  const typed = search.trim().length > 0;
  const agentItem = (a: AgentDto) => (
    <Item key={a.id} value={agentValue(a)} keywords={[a.title, a.role]} onSelect={() => go(`/${prefix}/agents/${a.urlKey}`)} icon={<AgentAvatar icon={a.icon} role={a.role} size="sm" />}>
      {a.name} <span className="text-fg-muted">· {a.title || roleLabel(a.role)}</span>
    </Item>
  );
  const pageItem = (p: ReturnType<typeof pages>[number]) => <Item key={p.href} value={pageValue(p)} onSelect={() => go(p.href)} hint={p.keys}>{p.label}</Item>;
  const projectItem = (p: PaletteData["projects"][number]) => <Item key={p.id} value={projectValue(p)} onSelect={() => go(`/${prefix}/projects/${p.id}`)}>{p.name}</Item>;
  const top = [
    ...data.agents.filter((a) => best.has(agentValue(a))).map(agentItem),
    ...pages(prefix).filter((p) => best.has(pageValue(p))).map(pageItem),
    ...data.projects.filter((p) => best.has(projectValue(p))).map(projectItem),
  ];
  return (
    <>
      {top.length > 0 && <Command.Group heading={<Heading>Best match</Heading>}>{top}</Command.Group>}
      {(data.issues.length > 0 || data.issuesError) && (
        <Command.Group heading={<Heading>Issues</Heading>}>
          {data.issuesError && <p className="px-3 py-2 text-sm text-red-700">Search failed: {data.issuesError}</p>}
          {data.issues.map((i) => (
            <Item key={i.id} value={issueValue(i)} onSelect={() => go(`/${prefix}/issues/${i.identifier}`)}
              icon={<span className={cn("size-2 rounded-full", statusDot[i.status as keyof typeof statusDot])} aria-hidden="true" />}>
              <span className="font-mono text-xs text-fg-muted">{i.identifier}</span> {i.title}
            </Item>
          ))}
        </Command.Group>
      )}
      <Command.Group heading={<Heading>Actions</Heading>}>
        {actions.newIssue && <Item value="New issue" keywords={["create", "task"]} onSelect={() => run(actions.newIssue!)} hint="C">New issue</Item>}
        {actions.newAgent && <Item value="New agent" keywords={["create", "hire"]} onSelect={() => run(actions.newAgent!)}>New agent</Item>}
        {actions.wake && <Item value="Run an agent now" keywords={["wake", "heartbeat", "start"]} onSelect={() => enter("wake")} hint="…">Run an agent now…</Item>}
        {hasOtherCompanies && <Item value="Switch company" keywords={["organisation", "tenant"]} onSelect={() => enter("company")} hint="…">Switch company…</Item>}
        {actions.toggleTheme && <Item value="Toggle theme" keywords={["dark", "light", "mode"]} onSelect={() => run(actions.toggleTheme!)}>Toggle dark and light theme</Item>}
        <Item value="Keyboard shortcuts" keywords={["help", "keys"]} onSelect={() => run(actions.openHelp)} hint="?">Keyboard shortcuts</Item>
      </Command.Group>
      <Command.Group heading={<Heading>Go to</Heading>}>
        {pages(prefix).filter((p) => !best.has(pageValue(p))).map(pageItem)}
      </Command.Group>
      {typed && data.agents.length > 0 && (
        <Command.Group heading={<Heading>Agents</Heading>}>
          {data.agents.filter((a) => !best.has(agentValue(a))).map(agentItem)}
        </Command.Group>
      )}
      {typed && data.projects.length > 0 && (
        <Command.Group heading={<Heading>Projects</Heading>}>
          {data.projects.filter((p) => !best.has(projectValue(p))).map(projectItem)}
        </Command.Group>
      )}
      {!typed && <p className="px-3 pb-1 pt-2 text-xs text-fg-muted">Type to find issues, agents and projects. {mod}+K opens this anywhere.</p>}
    </>
  );
}

const Heading = ({ children }: { children: ReactNode }) => <span className="px-2 text-xs font-semibold uppercase tracking-wide text-fg-muted">{children}</span>;

function Item({ children, icon, hint, ...rest }: {
  children: ReactNode; icon?: ReactNode; hint?: string; value: string; keywords?: string[]; onSelect: () => void;
}) {
  return (
    <Command.Item
      {...rest}
      className="flex min-h-10 cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-fg data-[selected=true]:bg-indigo-50 data-[selected=true]:text-indigo-900"
    >
      {icon && <span className="flex size-5 shrink-0 items-center justify-center">{icon}</span>}
      <span className="min-w-0 flex-1 truncate">{children}</span>
      {hint && <span className="shrink-0 font-mono text-xs text-fg-muted">{hint}</span>}
    </Command.Item>
  );
}
