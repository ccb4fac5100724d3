// D12's second confirmation: the units in timing mode (or whose mode is not known) and the settings that would change
// which passings they make or where they go; the Configuration page's Submit and the Fleet page's Apply ask it.
import type { TimingConfirmation } from "../shared/race/timingGuard.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";

export const TIMING_CONFIRM_TITLE = "Change passings while timing?";

export function TimingConfirm({
  asks,
  nameOf,
  onAnswer,
}: {
  /** The question is open while there are units to ask about. */
  asks: readonly TimingConfirmation[] | null;
  nameOf(unit: string): string;
  onAnswer(yes: boolean): void;
}) {
  return (
    <ConfirmDialog
      open={!!asks?.length}
      title={TIMING_CONFIRM_TITLE}
      confirmLabel="Yes, send while timing"
      cancelLabel="No"
      onConfirm={() => onAnswer(true)}
      onCancel={() => onAnswer(false)}
    >
      <p>These settings change which passings a unit makes or where they go:</p>
      <ul>
        {asks?.map((c) => (
          <li key={c.unit}>
            <strong>{nameOf(c.unit)}</strong> ({c.modeKnown ? "timing" : "mode not known"}):{" "}
            {c.settings.join(", ")}
          </li>
        ))}
      </ul>
      <p>No: nothing is sent.</p>
    </ConfirmDialog>
  );
}
