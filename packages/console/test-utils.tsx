// Unit-test helper: renders a page as the app does, inside a fresh query client and a router at the given path.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";

export function renderPage(path: string, page: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <Router hook={memoryLocation({ path }).hook}>
          <Route path={path}>{page}</Route>
        </Router>
      </QueryClientProvider>,
    ),
  };
}
