// The developer settings page (placeholder until its issue lands).
export default function SettingsPage() {
  return <h1>Settings</h1>;
}
