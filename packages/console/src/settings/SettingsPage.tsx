// The developer settings page (SPEC §2, no gate): local storage, query endpoint, feature flags, build variables.
import { EndpointSection } from "./EndpointSection.tsx";
import { EnvSection } from "./EnvSection.tsx";
import { FlagsSection } from "./FlagsSection.tsx";
import { LocalStorageSection } from "./LocalStorageSection.tsx";
import "./settings.css";

export const SETTINGS_WARNING =
  "Warning: changes made here may cause many issues. This page is meant for developers.";

export default function SettingsPage() {
  return (
    <div className="settings-page">
      <h1>Settings</h1>
      <p className="panel panel-danger" role="note">
        {SETTINGS_WARNING}
      </p>
      <LocalStorageSection />
      <EndpointSection />
      <FlagsSection />
      <EnvSection />
    </div>
  );
}
