// Header indicator: is the device answering (announced when it changes), and when did it last answer.
import { useConnection } from "../api/connection.ts";

export function ConnectionIndicator() {
  const { online, lastAnswerAt, lastError } = useConnection();
  const last = lastAnswerAt ? new Date(lastAnswerAt).toLocaleTimeString() : "never";
  const state = online === null ? "unknown" : online ? "online" : "offline";
  return (
    <span className={`conn conn-${state}`} title={lastError ?? undefined} data-testid="connection">
      <span className="dot" aria-hidden="true" />
      {/* A live region: a screen reader hears the unit go offline or come back (not each answer's time). */}
      <span className="conn-state" role="status">
        {state === "unknown" ? "Connecting..." : state === "online" ? "Online" : "Offline"}
      </span>
      <span className="conn-last"> · last answer {last}</span>
    </span>
  );
}
