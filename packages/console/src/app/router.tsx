// Routes of SPEC §2 with real browser history (D2): declarative routes, each page its own lazily loaded chunk.
import { lazy } from "react";
import { Route, Routes } from "react-router";
import { Layout } from "./Layout.tsx";

const TelemetryPage = lazy(() => import("../telemetry/TelemetryPage.tsx"));
const FilesPage = lazy(() => import("../files/FilesPage.tsx"));
const CommandsPage = lazy(() => import("../commands/CommandsPage.tsx"));
const ConfigurationPage = lazy(() => import("../configuration/ConfigurationPage.tsx"));
const FirmwarePage = lazy(() => import("../firmware/FirmwarePage.tsx"));
const FleetPage = lazy(() => import("../fleet/FleetPage.tsx"));
const SettingsPage = lazy(() => import("../settings/SettingsPage.tsx"));
const AuthPage = lazy(() => import("../auth/AuthPage.tsx"));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<TelemetryPage />} />
        <Route path="telemetry" element={<TelemetryPage />} />
        <Route path="files" element={<FilesPage />} />
        <Route path="commands" element={<CommandsPage />} />
        <Route path="configuration" element={<ConfigurationPage />} />
        <Route path="firmware" element={<FirmwarePage />} />
        <Route path="fleet" element={<FleetPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="auth" element={<AuthPage />} />
        {/* D2: unknown paths show the telemetry page. */}
        <Route path="*" element={<TelemetryPage />} />
      </Route>
    </Routes>
  );
}
