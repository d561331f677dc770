import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { formatDateTime } from "@/lib/format";

export interface PauseState {
  pausedAt: string;
  mode: "finish" | "cancel";
}

const runs = (mode: PauseState["mode"]) => (mode === "cancel" ? "runs that were running were cancelled" : "runs that were running may finish");

/** On every company page while the company or the whole instance is paused; the instance's pause wins. */
export function PauseBanner({ company, instance, companyName, settingsHref }: {
  company: PauseState | null;
  instance: PauseState | null;
  companyName: string;
  /** the settings page, for a viewer who may resume; null otherwise */
  settingsHref: string | null;
}) {
  const pause = instance ?? company;
  if (!pause) return null;
  return (
    <Alert tone="warning" className="mb-6" title={instance ? "Every company of this Charter instance is paused" : `${companyName} is paused`}>
      <div data-testid="pause-banner">
        Since {formatDateTime(pause.pausedAt)}: no new run starts and wakes are kept; {runs(pause.mode)}. Resuming runs what was kept, once.
        {instance ? " An instance admin resumes it from the companies page." : settingsHref && (
          <> <Link href={`${settingsHref}#pause`} className="font-medium underline underline-offset-2">Resume in settings</Link></>
        )}
      </div>
    </Alert>
  );
}
