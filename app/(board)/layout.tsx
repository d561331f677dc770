import type { ReactNode } from "react";
import { QueryProvider } from "@/components/providers/query-provider.client";

export default function BoardLayout({ children }: { children: ReactNode }) {
  return <QueryProvider>{children}</QueryProvider>;
}
