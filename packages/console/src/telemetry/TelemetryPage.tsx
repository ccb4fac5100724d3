// The telemetry dashboard (placeholder until its issue lands).
export default function TelemetryPage() {
  return <h1>Telemetry</h1>;
}
