"use client";

import { useState, type ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ApiError } from "@/lib/queries/fetcher";

function makeClient() {
  return new QueryClient({
    defaultOptions: {
      // Pages hand their server-rendered data in as initialData; no need to fetch it again at once.
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // a 4xx will not fix itself by asking again
        retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
      },
    },
  });
}

export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(makeClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
