// Race control's pure modules (D12): the passing filter's sessions, the timing ports' requests and replays, the dataset.
//
// Design: small modules with their clock and file writes injected (`now`, `append`), none of which knows the Device
// or the network. Reads flow: tag reader → PassingFilter (@trc/protocol's passing-filter.ts, which the console's
// Live page shares: reads_2b_sent, tag_timeout) → TimingSessions (session.ts: stores each passing in timing_NNNN.csv
// while timing, numbers it, counts Filtered/Sent/Left) → the filtered TimingPort (src/net/timing-port.ts and
// timing-connection.ts, the network side, on the unit's Clock), which pulls from the session's feed (types.ts) through
// one cursor per program and tells the session what was taken. The raw TimingPort pulls every read from the read log
// the same way. The lines and requests of the acquisition protocol, with their date and time, are @trc/protocol's
// timing-line.ts (the console's Timing page shows times in the same form); line-reader.ts is the bounded request
// splitter; requests.ts answers requests over injected device actions; replay.ts picks what Replay
// all/selected/manual and REWIND send again (R = 1) from the timing files and follows a replay's progress;
// telemetry.ts assembles GET /api/telemetry/timing. src/race/ is where the unit meets them. Each module's own note
// says what it decided where D12 is silent.
export * from "./line-reader.ts";
export * from "./replay.ts";
export * from "./requests.ts";
export * from "./session.ts";
export * from "./telemetry.ts";
export * from "./types.ts";
