// Console entry: the routes on the guarded browser history, inside the query client, in StrictMode.
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createGuardedHistory } from "./app/history.ts";
import { queryClient } from "./app/queryClient.ts";
import { AppRoutes } from "./app/router.tsx";
import { startDashboard } from "./shared/readings/telemetryQueries.ts";
import { apiBase, useDeviceSettings } from "./shared/unit/deviceSettings.ts";
import { selectUnit } from "./shared/unit/unit.ts";
import "./styles/app.css";

const root = document.getElementById("root");
if (root) {
  // The unit stored in generalSettings (an old spelling read in its canonical form) is the one the console talks to.
  selectUnit(useDeviceSettings.getState().rootAPI, queryClient);
  // Opening on the dashboard: its datasets are asked for now, while the page's chunk downloads.
  if (/^\/(telemetry\/?)?$/.test(location.pathname)) {
    startDashboard(queryClient, apiBase(), useDeviceSettings.getState().deviceMode ?? "unknown");
  }
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppRoutes history={createGuardedHistory()} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
