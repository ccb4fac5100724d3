// Unit-test helper: renders a page as the app does: a fresh query client and the app's router (wouter on the guarded
// browser history of app/history.ts), the browser at the given path.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { afterEach } from "vitest";
import { Route, Router } from "wouter";
import { createGuardedHistory, type GuardedHistory } from "./src/app/history.ts";

const histories: GuardedHistory[] = [];
afterEach(() => {
  for (const history of histories.splice(0)) history.dispose();
});

export function renderPage(path: string, page: ReactElement) {
  window.history.replaceState(null, "", path);
  const history = createGuardedHistory();
  histories.push(history);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    client,
    history,
    ...render(
      <QueryClientProvider client={client}>
        <Router hook={history.hook}>
          <Route path={path}>{page}</Route>
        </Router>
      </QueryClientProvider>,
    ),
  };
}
