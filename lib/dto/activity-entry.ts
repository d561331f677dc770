import type { ActivityDto } from "@/lib/dto/activity";

/** What an activity row is about, as the board names it; null when that entity is gone or has no name. */
export interface ActivitySubject {
  /** short name: an issue's identifier, an agent's or project's name, a goal's title… */
  label: string;
  /** an issue's title beside its identifier; null for other kinds */
  title: string | null;
  /** how the board addresses it in a URL (issue identifier, agent urlKey, an id); null: no page of its own */
  ref: string | null;
}

export type ActivityEntryDto = ActivityDto & { subject: ActivitySubject | null };
