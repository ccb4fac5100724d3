// Routes of SPEC §2 with real browser history (D2); every page is its own lazily loaded chunk.
import { createBrowserRouter, createRoutesFromElements, Route } from "react-router";
import { Layout } from "./Layout.tsx";
import { RouteError } from "./RouteError.tsx";

const telemetry = () => import("../telemetry/TelemetryPage.tsx").then((m) => ({ Component: m.default }));

export const routes = createRoutesFromElements(
  <Route element={<Layout />} errorElement={<RouteError />} hydrateFallbackElement={<p>Loading...</p>}>
    <Route index lazy={telemetry} />
    <Route path="telemetry" lazy={telemetry} />
    <Route
      path="files"
      lazy={() => import("../files/FilesPage.tsx").then((m) => ({ Component: m.default }))}
    />
    <Route
      path="commands"
      lazy={() => import("../commands/CommandsPage.tsx").then((m) => ({ Component: m.default }))}
    />
    <Route
      path="configuration"
      lazy={() => import("../configuration/ConfigurationPage.tsx").then((m) => ({ Component: m.default }))}
    />
    <Route
      path="firmware"
      lazy={() => import("../firmware/FirmwarePage.tsx").then((m) => ({ Component: m.default }))}
    />
    <Route
      path="settings"
      lazy={() => import("../settings/SettingsPage.tsx").then((m) => ({ Component: m.default }))}
    />
    <Route path="auth" lazy={() => import("../auth/AuthPage.tsx").then((m) => ({ Component: m.default }))} />
    <Route path="*" lazy={telemetry} />
  </Route>,
);

export function createRouter() {
  return createBrowserRouter(routes);
}
