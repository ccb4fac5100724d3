// The OpenAPI description of race control's dataset (D12): GET /api/telemetry/timing, optional like the read stream.
import { API } from "./api.ts";
import { ref } from "./openapi-components.ts";
import { json, operation } from "./openapi-operation.ts";
import { TIMING_PORT as P, TIMING_DATASET } from "./timing.ts";

export const TIMING_TEXT = `Race control (D12), an optional call: a unit without it answers 404 (and the console hides what needs it).

A unit boots in **test** mode: it reads and shows reads (the read stream, the raw timing port) but stores and sends no passing. \`TIMING_START\` (or \`STARTREAD\` on a timing port) opens a session: a new timing file \`timing_NNNN.csv\`, into which every passing is written as it is made, and from which it is sent on the filtered port; \`TIMING_STOP\` (or \`STOPREAD\`) closes it.

- \`mode\`: \`test\` or \`timing\`; \`session\`: the open session (its file, when it started, the passings stored in it), null in test mode.
- \`programs\`: the timing programs connected to the unit's TCP ports \`raw_port\` (every read) and \`filtered_port\` (every passing), at most ${P.maxConnections} per port: each one's address, when it connected, how many items it took (live and sent again) and when it took the last.
- \`sessions\` (optional): every timing file on the unit, by number, with its passings and the time of its first and last (null for none): this run's sessions and earlier ones'.
- \`replay\`: the replay under way (Replay all, selected, manual or window): the passings it sends again (R = 1) and how many the slowest program took; null when none is.
- \`upload\` (optional, D14): the posts of the passings to the server of \`http_url\` (its credentials masked), the state (\`sending\`, \`ok\`, \`failing\`), passings acknowledged and left, the oldest left, the last success, the last error in words and the next try; null when \`http_url\` is empty. \`UPLOAD_FROM session from\` posts a session again from a passing on (docs/UPLOAD.md).

Times are epoch milliseconds by the unit's clock.`;

/** The paths entry of the timing dataset. */
export function timingPaths() {
  return {
    [API.telemetry(TIMING_DATASET)]: {
      get: operation({
        id: "telemetryTiming",
        tag: "Telemetry",
        summary:
          "Race control: test or timing mode, the session, the timing programs, a replay (optional; D12)",
        description: TIMING_TEXT,
        ok: json(ref("TimingTelemetry")),
        okText: "The current state.",
        errors: [404, 500],
        own: { 404: { description: "The unit has no race control.", content: json(ref("ErrorBody")) } },
      }),
    },
  };
}
