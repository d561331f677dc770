// The dashboard's shape, for the pages that render it.
import type { getDashboard } from "@/lib/services/dashboard";

export type Dashboard = Awaited<ReturnType<typeof getDashboard>>;
