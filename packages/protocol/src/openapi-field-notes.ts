// The OpenAPI document's notes on single fields: their units and meanings (D3, SPEC §3, D13, D14), by schema name.
import { MAX_IMAGE_SIZE } from "./firmware.ts";

/** Units and meanings of single fields (D3 and SPEC §3), added to the generated schemas. */
export const FIELD_NOTES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  ExecuteRequest: {
    cmd: "The command code, e.g. REBOOT.",
    args: "The argument values, in order, as strings.",
    auth_pw: "A password; its level is the request's level. Wrong: 401.",
    auth_key: "An encrypted key (not available on the reference unit: 401).",
  },
  ConfigSetRequest: {
    time: "When the value was set, ISO-8601.",
    auth_pw: "A password (see ExecuteRequest).",
  },
  CommandDefinition: { perm: "The level needed to run it (0..255)." },
  ConfigItem: {
    category: "Underscore-separated category path, e.g. wifi_sta.",
    perm: "Level needed to set it.",
  },
  FirmwareChunkForm: {
    chunk: "The bytes of this chunk (at most 64 kB; the console sends 4096).",
    flSize: `Total image size in bytes, on the first chunk only; it starts a new upload (at most ${MAX_IMAGE_SIZE}).`,
    offset:
      "Byte position of this chunk (D6); a unit that knows it writes there, so a retry is not counted twice.",
  },
  FirmwareTelemetry: {
    compileTime: "Shown as sent.",
    partition: "-1 factory partition, 0..3 OTA partition.",
    otaWatchDog: "INACTIVE, WATCHING or COMPLETE.",
  },
  StorageTelemetry: { used: "Bytes.", total: "Bytes." },
  TagRead: {
    seq: "Grows by exactly 1 per read, never goes back (also across reboots).",
    tag: "The tag's code as the unit reports it.",
    ant: "The channel id of uhf/ports (zero-based, shown +1).",
    rssi: "dBm.",
    time: "Epoch milliseconds by the unit's clock.",
  },
  UhfChannel: {
    id: "Zero-based (shown +1).",
    ant: "Antenna present.",
    loss: "Return loss, dB.",
    pwr: "dB.",
    state:
      "D13: ok, noise, absent (no antenna), settling (after boot or a change, ≤ 30 s), off (UHF_PORT), fault.",
    rssi: "D13: median RSSI (dBm) of the port's reads in the last 60 s; null with none.",
    hits: "D13: median reads per passing of the port in the last 60 s; null with none.",
    identifying: "D13: true while Identify antennas points at this port.",
  },
  TimeSource: {
    accuracy: "Microseconds.",
    time: "Unix epoch milliseconds, or an ISO-8601 string (D3).",
    kind: "D13: gps, ntp, rtc or manual.",
    followed: "D13: true for the one source the unit's clock follows.",
  },
  UhfPortConfig: { id: "Channel id, zero-based (shown +1).", pwr: "dB, 10.0 to 31.5." },
  GnssTelemetry: { lastFixAt: "Epoch ms by the unit's clock; null before the first fix." },
  TimeSourcesTelemetry: { utc_offset: "Seconds east of UTC." },
  TempSensor: { temp: "Degrees Celsius." },
  TimingSessionInfo: { file: "timing_NNNN.csv.", startedAt: "Epoch ms by the unit's clock." },
  TimingSessionSummary: {
    file: "timing_NNNN.csv.",
    first: "The earliest passing's time, epoch ms by the unit's clock; null for a file without passings.",
    last: "The latest passing's time, epoch ms by the unit's clock; null for a file without passings.",
  },
  TimingProgram: {
    address: "The program's ip:port.",
    connectedAt: "Epoch ms by the unit's clock.",
    sent: "Items it took, live and sent again.",
    lastSentAt: "Epoch ms by the unit's clock; null before the first.",
  },
  TimingTelemetry: {
    mode: "test (reads shown, nothing stored or sent) or timing.",
    replay: "null: none.",
    sessions: "The timing files on the unit, by number (optional).",
    upload: "D14: the posts to the server of http_url; null when http_url is empty (optional).",
  },
  UploadTelemetry: {
    url: "http_url, its credentials masked (***).",
    state: "sending: passings wait, none failed; ok: nothing waits; failing: the last post failed.",
    acked: "Passings the server acknowledged (a 2xx), over the sessions posted.",
    left: "Passings the server has not acknowledged.",
    oldestLeftAt: "The oldest of them (its time, epoch ms by the unit's clock); null for none.",
    lastOkAt: "When the last post was acknowledged, epoch ms by the unit's clock; null before the first.",
    lastError:
      "Why the last post failed, in words (503 Service Unavailable, no answer within 10 s); null when it did not.",
    nextTryAt:
      "When the next post goes (a retry, or the wait between posts), epoch ms by the unit's clock; null for none.",
  },
  CellularAntTelemetry: {
    xbar: "Diversity swapped.",
    rssi: "dBm.",
    ber: "Bit error rate as a fraction (D3).",
  },
  BatteryTelemetry: {
    percentage: "A fraction (≤ 1) or 0..100.",
    capacity: "mAh.",
    current: "mA, positive = charging.",
    time_full: "Minutes.",
    time_empty: "Minutes.",
  },
};
