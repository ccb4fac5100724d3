// The pages other than the dashboard, in one lazy chunk (docs/BUNDLE.md: a chunk per page cost some 20 kB gzip more
// on the same code, over the whole app's budget): the router imports this module with import().
export { default as AuthPage } from "../auth/AuthPage.tsx";
export { default as CommandsPage } from "../commands/CommandsPage.tsx";
export { default as ConfigurationPage } from "../configuration/ConfigurationPage.tsx";
export { default as FilesPage } from "../files/FilesPage.tsx";
export { default as FirmwarePage } from "../firmware/FirmwarePage.tsx";
export { default as FleetPage } from "../fleet/FleetPage.tsx";
export { default as LivePage } from "../live/LivePage.tsx";
export { default as SettingsPage } from "../settings/SettingsPage.tsx";
export { default as TimingPage } from "../timing/TimingPage.tsx";
