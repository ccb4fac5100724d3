// Race control on the unit (D12): test and timing mode, the passing filter, timing sessions, the timing ports.
//
// Design: small modules with their clock, timers and file writes injected (TimingClock, `append`), none of which
// knows the Device. Reads flow: tag reader → PassingFilter (@trc/protocol's passing-filter.ts, which the console's
// Live page shares: reads_2b_sent, tag_timeout) → TimingSessions (session.ts: stores each passing in timing_NNNN.csv
// while timing, numbers it, counts Filtered/Sent/Left) → the filtered TimingPort (port.ts + connection.ts), which
// pulls from the session's feed through one cursor per program and tells the session what was taken. The raw
// TimingPort pulls every read from the read log the same way. Lines and requests of the acquisition protocol are
// line-format.ts (and line-reader.ts, the bounded request splitter); requests.ts answers them over injected device
// actions; replay.ts picks what Replay all/selected/manual and REWIND send again (R = 1) from the timing files and
// follows a replay's progress; telemetry.ts assembles GET /api/telemetry/timing. Each module's own note says what it
// decided where D12 is silent.
export * from "./connection.ts";
export * from "./line-format.ts";
export * from "./line-reader.ts";
export * from "./port.ts";
export * from "./replay.ts";
export * from "./requests.ts";
export * from "./session.ts";
export * from "./telemetry.ts";
export * from "./types.ts";
