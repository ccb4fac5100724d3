// The configuration page (placeholder until its issue lands).
export default function ConfigurationPage() {
  return <h1>Configuration</h1>;
}
