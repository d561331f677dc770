"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import type { AgentDto } from "@/lib/dto/agents";
import { agentKeys, fetchAgents } from "@/lib/queries/agents";
import { wakeAgent } from "@/lib/queries/runs";
import { NewIssueDialog } from "@/components/issues/new-issue.client";
import { useCompanyDirectory, useDirectoryMaps, type Directory } from "@/components/issues/directory";
import { NewAgentDialog } from "@/components/agents/new-agent.client";
import { CommandPalette } from "@/components/palette/command-palette.client";
import { ShortcutHelp } from "@/components/shortcuts/shortcut-help.client";
import { useGlobalShortcuts } from "@/components/shortcuts/use-global-shortcuts.client";
import { useTheme } from "@/components/theme/use-theme.client";
import type { SwitcherCompany } from "@/components/shell/company-switcher.client";

interface CommandPermissions {
  createIssues: boolean;
  createAgents: boolean;
  wakeAgents: boolean;
}

interface Notice { text: string; href?: string; linkText?: string; tone: "ok" | "error" }

const PaletteOpener = createContext<() => void>(() => {});
/** Opens the command palette (the sidebar's search button, for screens without a keyboard). */
export const useOpenPalette = () => useContext(PaletteOpener);

const EMPTY_DIRECTORY: Directory = { agents: [], projects: [], goals: [], labels: [], users: {} };

/**
 * Everything the keyboard reaches from any page of a company: the palette, the shortcut help, and
 * the dialogs its actions open (the same new issue and new agent dialogs as the issues and agents
 * pages), with one status line for what they did.
 */
export function CommandCenter({ company, companies, roles, can, children }: {
  company: SwitcherCompany; companies: SwitcherCompany[]; roles: string[]; can: CommandPermissions; children: ReactNode;
}) {
  const router = useRouter();
  const [palette, setPalette] = useState(false);
  const [help, setHelp] = useState(false);
  const [newIssue, setNewIssue] = useState(false);
  const [newAgent, setNewAgent] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const prefix = company.issuePrefix;
  const { toggleTheme } = useTheme();

  const openNewIssue = useCallback(() => {
    if (can.createIssues) setNewIssue(true);
    else setNotice({ text: "Your role in this company can read issues but not create them.", tone: "error" });
  }, [can.createIssues]);
  const togglePalette = useCallback(() => setPalette((o) => !o), []);
  const openPalette = useCallback(() => setPalette(true), []);
  const dismissNotice = useCallback(() => setNotice(null), []);

  useGlobalShortcuts({
    togglePalette,
    openHelp: () => setHelp(true),
    newIssue: openNewIssue,
    go: (path) => router.push(`/${prefix}/${path}`),
  });

  const wake = async (agent: AgentDto) => {
    try {
      await wakeAgent(agent.id);
      setNotice({ text: `${agent.name} is woken; its run starts shortly.`, href: `/${prefix}/agents/${agent.urlKey}`, linkText: "Open", tone: "ok" });
    } catch (err) {
      setNotice({ text: `${agent.name} was not woken: ${(err as Error).message}`, tone: "error" });
    }
  };

  return (
    <PaletteOpener.Provider value={openPalette}>
      {children}
      <CommandPalette
        open={palette}
        onClose={() => setPalette(false)}
        company={company}
        companies={companies}
        actions={{
          newIssue: can.createIssues ? openNewIssue : undefined,
          newAgent: can.createAgents ? () => setNewAgent(true) : undefined,
          wake: can.wakeAgents ? wake : undefined,
          // the theme changes at once; only saving the choice for next time can fail
          toggleTheme: () => toggleTheme().catch(() => setNotice({ text: "The theme changed here but could not be saved for next time.", tone: "error" })),
          openHelp: () => setHelp(true),
        }}
      />
      <ShortcutHelp open={help} onClose={() => setHelp(false)} />
      {can.createIssues && (
        <GlobalNewIssue
          open={newIssue}
          onClose={() => setNewIssue(false)}
          company={company}
          onCreated={(issue) => {
            setNewIssue(false);
            setNotice({ text: `Created ${issue.identifier}: ${issue.title}`, href: `/${prefix}/issues/${issue.identifier}`, linkText: "Open", tone: "ok" });
            router.refresh();
          }}
        />
      )}
      {can.createAgents && (
        <GlobalNewAgent open={newAgent} onClose={() => setNewAgent(false)} company={company} roles={roles} onCreated={() => router.refresh()} />
      )}
      <NoticeLine notice={notice} onDismiss={dismissNotice} />
    </PaletteOpener.Provider>
  );
}

function GlobalNewIssue({ open, onClose, company, onCreated }: {
  open: boolean; onClose: () => void; company: SwitcherCompany; onCreated: (issue: { identifier: string; title: string }) => void;
}) {
  // the form opens at once; its pickers fill in when the directory arrives
  const directory = useCompanyDirectory(company.id, open).data ?? EMPTY_DIRECTORY;
  const maps = useDirectoryMaps(directory);
  return <NewIssueDialog open={open} onClose={onClose} companyId={company.id} prefix={company.issuePrefix} directory={directory} maps={maps} onCreated={onCreated} />;
}

function GlobalNewAgent({ open, onClose, company, roles, onCreated }: {
  open: boolean; onClose: () => void; company: SwitcherCompany; roles: string[]; onCreated: () => void;
}) {
  const agents = useQuery({ queryKey: agentKeys.list(company.id), queryFn: () => fetchAgents(company.id), enabled: open });
  return <NewAgentDialog open={open} onClose={onClose} companyId={company.id} agents={agents.data ?? []} roles={roles} prefix={company.issuePrefix} onCreated={onCreated} />;
}

const NOTICE_MS = 8000;

/** What the last palette action did, announced politely and gone after a few seconds. */
function NoticeLine({ notice, onDismiss }: { notice: Notice | null; onDismiss: () => void }) {
  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(onDismiss, NOTICE_MS);
    return () => clearTimeout(t);
  }, [notice, onDismiss]);
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-3 bottom-3 z-50 flex justify-center sm:inset-x-auto sm:right-4 sm:justify-end">
      {notice && (
        <div data-testid="command-notice" className={`pointer-events-auto flex max-w-md items-center gap-3 rounded-lg px-4 py-2.5 text-sm shadow-lg ring-1 ${notice.tone === "ok" ? "bg-slate-900 text-white ring-slate-900" : "bg-red-50 text-red-900 ring-red-200"}`}>
          <span className="min-w-0 flex-1">{notice.text}</span>
          {notice.href && <Link href={notice.href} onClick={onDismiss} className="shrink-0 font-medium underline underline-offset-2">{notice.linkText}</Link>}
          <button type="button" onClick={onDismiss} className="shrink-0 rounded p-1 opacity-80 hover:opacity-100" aria-label="Dismiss">✕</button>
        </div>
      )}
    </div>
  );
}
