// Routes of SPEC §2 with real browser history (D2): wouter on the guarded history. Each page is its own lazy chunk,
// declared here by its dynamic import: the bundler splits at each one (vite.config.ts names no page).
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { Route, Router, Switch } from "wouter";
import TelemetryPage from "../telemetry/TelemetryPage.tsx";
import type { GuardedHistory } from "./history.ts";
import { Layout } from "./Layout.tsx";

type PageModule = { default: ComponentType };

/** The other pages' one chunk. */
const pages = () => import("./pages.ts");

/** A page: its path and its chunk, downloaded once, the first time the page opens or is asked for ahead. */
interface Page {
  path: string;
  load: () => Promise<PageModule>;
  Component: LazyExoticComponent<ComponentType>;
}

function page(path: string, importPage: () => Promise<PageModule>): Page {
  let loading: Promise<PageModule> | undefined;
  const load = () => {
    loading ??= importPage();
    return loading;
  };
  return { path, load, Component: lazy(load) };
}

/** The pages other than the dashboard: opening one downloads no other page. */
const PAGES: readonly Page[] = [
  page("/live", () => pages().then((m) => ({ default: m.LivePage }))),
  page("/timing", () => pages().then((m) => ({ default: m.TimingPage }))),
  page("/files", () => pages().then((m) => ({ default: m.FilesPage }))),
  page("/commands", () => pages().then((m) => ({ default: m.CommandsPage }))),
  page("/configuration", () => pages().then((m) => ({ default: m.ConfigurationPage }))),
  page("/firmware", () => pages().then((m) => ({ default: m.FirmwarePage }))),
  page("/fleet", () => pages().then((m) => ({ default: m.FleetPage }))),
  page("/settings", () => pages().then((m) => ({ default: m.SettingsPage }))),
  page("/auth", () => pages().then((m) => ({ default: m.AuthPage }))),
];

/**
 * "/", "/telemetry" and (D2) every unknown path show the dashboard: in the entry's chunk (the first thing an operator
 * opens, on a phone: one file, one gzip stream), drawn in the shell's first render.
 */
const DASHBOARD: Page = {
  path: "/telemetry",
  load: () => Promise.resolve({ default: TelemetryPage }),
  Component: TelemetryPage as unknown as LazyExoticComponent<ComponentType>,
};

/** The page a path shows: any letter case, with or without a trailing slash, as the routes match. */
function pageAt(pathname: string): Page {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, "$1");
  return PAGES.find((p) => p.path === path) ?? DASHBOARD;
}

/**
 * Downloads the chunk of the page at `pathname` now (the first load asks for it with the entry's first run, so the
 * page draws in the shell's first render, without a "Loading..." in between).
 */
export function loadPage(pathname: string): Promise<unknown> {
  return pageAt(pathname).load();
}

/** The pages in the layout. */
export function AppRoutes({ history }: { history: GuardedHistory }) {
  return (
    <Router hook={history.hook}>
      <Layout>
        <Switch>
          {PAGES.map(({ path, Component }) => (
            <Route key={path} path={path}>
              <Component />
            </Route>
          ))}
          <Route>
            <DASHBOARD.Component />
          </Route>
        </Switch>
      </Layout>
    </Router>
  );
}
