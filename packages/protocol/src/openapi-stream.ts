// The OpenAPI description of the read stream (D10): GET /api/passings/stream, its events, resume and refusals.
import { type JsonSchema, ref } from "./openapi-components.ts";
import { json, NO_CREDENTIALS } from "./openapi-operation.ts";
import { PASSINGS_STREAM_PATH, PASSINGS_STREAM as S } from "./passings-stream.ts";

const RESUME = "A seq: the stream first sends every kept read with a greater seq, then live reads.";

const STREAM_TEXT = `An optional call (D10): a unit without it answers 404 and the console works from the passings and uhf/ports counters.

Every tag read the unit makes (what passings counts as seen, and uhf/ports as a channel's reads) has a \`seq\` that grows by exactly 1 per read and never goes back, also across reboots.

The answer is \`text/event-stream\` and stays open:
- \`event: ${S.helloEvent}\` first, before any read: \`id:\` and \`data.after\` where this stream starts (the N asked for, or the newest seq when none was; an N beyond the newest starts at the newest), \`data.newest\` the newest seq (0 when none), \`data.oldest\` the oldest seq still kept (newest + 1 when none is). An EventSource takes the id as its last event id, so a connection dropped before its first read resumes without losing one.
- \`event: ${S.readsEvent}\`, \`id:\` the seq of the batch's last read, \`data:\` a ReadsBatch (JSON, one line): at most ${S.readsPerBatch} reads a batch and ${S.batchesPerSecond} batches a second.
- \`event: ${S.gapEvent}\`, \`data:\` a ReadsGap: the seqs asked for that the unit no longer keeps (it keeps at least its last ${S.keptReads.toLocaleString("en")} reads); what it has follows.
- \`: keep-alive\`: a comment line at least every ${S.keepAliveMs / 1000} s with nothing else to send.

Resume: the \`Last-Event-ID\` header (what an EventSource sends on its own reconnects) or \`?after=N\`; the header wins when both are sent. Without either the stream starts with live reads only; an N beyond the unit's last seq is taken the same way.

At most ${S.maxStreams} streams at once per unit: a further one is answered 503. No credentials, like telemetry.`;

const example = [
  `event: ${S.helloEvent}`,
  "id: 1000",
  'data: {"after":1000,"newest":1043,"oldest":1042}',
  "",
  `event: ${S.gapEvent}`,
  'data: {"from":1001,"to":1041}',
  "",
  `event: ${S.readsEvent}`,
  "id: 1043",
  'data: {"reads":[{"seq":1042,"tag":"000123","ant":0,"rssi":-58.5,"time":1763900000123},{"seq":1043,"tag":"000123","ant":1,"rssi":-61,"time":1763900000131}]}',
  "",
  ": keep-alive",
  "",
].join("\n");

/** The paths entry of the read stream. */
export function streamPaths(): Record<string, Record<string, JsonSchema>> {
  return {
    [PASSINGS_STREAM_PATH]: {
      get: {
        operationId: "passingsStream",
        tags: ["Telemetry"],
        summary: "Every tag read as it happens, as server-sent events (optional; D10)",
        description: `${STREAM_TEXT}\n\n${NO_CREDENTIALS}`,
        security: [],
        parameters: [
          {
            in: "header",
            name: "Last-Event-ID",
            required: false,
            description: `${RESUME} Sent by an EventSource when it reconnects.`,
            schema: { type: "string", pattern: "^[0-9]+$" },
          },
          {
            in: "query",
            name: "after",
            required: false,
            description: RESUME,
            schema: { type: "integer", minimum: 0 },
          },
        ],
        responses: {
          200: {
            description:
              "The stream: `hello` (StreamHello) first, then events `reads` (ReadsBatch) and `gap` (ReadsGap), and keep-alive comments.",
            headers: {
              "Cache-Control": { description: "no-store", schema: { type: "string", const: "no-store" } },
            },
            content: {
              "text/event-stream": {
                schema: { type: "string" },
                example,
                "x-events": {
                  [S.helloEvent]: ref("StreamHello"),
                  [S.readsEvent]: ref("ReadsBatch"),
                  [S.gapEvent]: ref("ReadsGap"),
                },
              },
            },
          },
          400: {
            description:
              "A resume point that is not a whole number ≥ 0 or is too large; the reason says which.",
            content: json(ref("ErrorBody")),
          },
          404: { description: "The unit has no read stream.", content: json(ref("ErrorBody")) },
          503: {
            description: `${S.maxStreams} streams are open already; close one and try again (Retry-After).`,
            headers: { "Retry-After": { description: "Seconds.", schema: { type: "integer" } } },
            content: json(ref("ErrorBody")),
          },
        },
      },
    },
  };
}
