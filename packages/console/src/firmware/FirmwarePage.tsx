// The firmware updater (placeholder until its issue lands).
export default function FirmwarePage() {
  return <h1>Firmware</h1>;
}
