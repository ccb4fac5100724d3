// GET /api/telemetry/timing (D12): the mode, the open session, the programs on both ports and the replay's progress.
import type { TimingMode, TimingProgram, TimingSessionInfo, TimingTelemetry } from "@trc/protocol";

export interface TimingTelemetryParts {
  mode: TimingMode;
  session: TimingSessionInfo | null;
  /** The raw and the filtered port (either may be missing, a port that could not listen). */
  ports: readonly {
    programs(): TimingProgram[];
    replayProgress(): { total: number; sent: number } | null;
  }[];
}

/** The dataset; replays under way on several ports add up (only the filtered port has them). */
export function timingTelemetry(parts: TimingTelemetryParts): TimingTelemetry {
  let total = 0;
  let sent = 0;
  let underWay = false;
  for (const port of parts.ports) {
    const p = port.replayProgress();
    if (!p) continue;
    underWay = true;
    total += p.total;
    sent += p.sent;
  }
  return {
    mode: parts.mode,
    session: parts.session,
    programs: parts.ports.flatMap((p) => p.programs()),
    replay: underWay ? { total, sent } : null,
  };
}
