// The TanStack Query client for device data: no focus refetch storms, one retry, errors kept on screen.
import { QueryClient } from "@tanstack/react-query";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: 1,
      retryDelay: 500,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      staleTime: 5_000,
    },
    mutations: { retry: false },
  },
});
