// A horizontal bar for charge, storage and progress; fraction is clamped to 0..1.
export function Bar({ fraction, colour, label }: { fraction: number; colour?: string; label: string }) {
  const pct = Math.max(0, Math.min(1, Number.isFinite(fraction) ? fraction : 0)) * 100;
  return (
    <div
      className={`bar${colour ? ` bar-${colour}` : ""}`}
      role="progressbar"
      aria-label={label}
      aria-valuenow={Math.round(pct)}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <span style={{ width: `${pct}%` }} />
    </div>
  );
}
