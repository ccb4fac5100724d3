// The Timing page (issue 31, D12): test or timing mode, Start and Stop timing, the gun, sessions, programs, replays.
import { timingBadgeText, useTiming } from "../shared/timing.ts";

export default function TimingPage() {
  const timing = useTiming();
  return (
    <section>
      <h1>Timing</h1>
      <p>{timing === null ? "This unit has no race control." : timingBadgeText(timing)}</p>
    </section>
  );
}
