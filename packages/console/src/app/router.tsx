// Routes of SPEC §2 with real browser history (D2): wouter on the guarded history, each page a lazily loaded chunk.
import { lazy } from "react";
import { Route, Router, Switch } from "wouter";
import type { GuardedHistory } from "./history.ts";
import { Layout } from "./Layout.tsx";

const TelemetryPage = lazy(() => import("../telemetry/TelemetryPage.tsx"));
const FilesPage = lazy(() => import("../files/FilesPage.tsx"));
const CommandsPage = lazy(() => import("../commands/CommandsPage.tsx"));
const ConfigurationPage = lazy(() => import("../configuration/ConfigurationPage.tsx"));
const FirmwarePage = lazy(() => import("../firmware/FirmwarePage.tsx"));
const FleetPage = lazy(() => import("../fleet/FleetPage.tsx"));
const LivePage = lazy(() => import("../live/LivePage.tsx"));
const TimingPage = lazy(() => import("../timing/TimingPage.tsx"));
const SettingsPage = lazy(() => import("../settings/SettingsPage.tsx"));
const AuthPage = lazy(() => import("../auth/AuthPage.tsx"));

/** The pages in the layout. A path matches with or without a trailing slash, in any letter case. */
export function AppRoutes({ history }: { history: GuardedHistory }) {
  return (
    <Router hook={history.hook}>
      <Layout>
        <Switch>
          <Route path="/live">
            <LivePage />
          </Route>
          <Route path="/timing">
            <TimingPage />
          </Route>
          <Route path="/files">
            <FilesPage />
          </Route>
          <Route path="/commands">
            <CommandsPage />
          </Route>
          <Route path="/configuration">
            <ConfigurationPage />
          </Route>
          <Route path="/firmware">
            <FirmwarePage />
          </Route>
          <Route path="/fleet">
            <FleetPage />
          </Route>
          <Route path="/settings">
            <SettingsPage />
          </Route>
          <Route path="/auth">
            <AuthPage />
          </Route>
          {/* "/", "/telemetry" and (D2) every unknown path show the telemetry page. */}
          <Route>
            <TelemetryPage />
          </Route>
        </Switch>
      </Layout>
    </Router>
  );
}
