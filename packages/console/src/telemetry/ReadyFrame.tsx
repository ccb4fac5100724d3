// The Ready check's frame, drawn in the dashboard's first render while the check's own chunk loads: the panel's
// shape and item names, so the page does not shift when the check fills it (e2e/layout-shift.spec.ts).
const ITEMS = ["Antennas", "Device clock", "Battery", "Storage", "Backlog", "Alarms"];

export function ReadyFrame() {
  return (
    <section className="card ready" aria-label="Ready check" aria-busy="true">
      <h2>Ready check: Checking...</h2>
      <ul className="ready-items">
        {ITEMS.map((label) => (
          <li key={label} data-oneline="true">
            <span className="ready-mark" aria-hidden="true">
              …
            </span>
            <strong className="ready-label">{label}</strong>
            <span className="ready-value">—</span>
            <span className="ready-detail" />
          </li>
        ))}
      </ul>
      <div className="ready-settings" />
    </section>
  );
}
