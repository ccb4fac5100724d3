// The cellular modem: registration after boot (identifiers empty at first), antenna signal and error rate.
import type { CellularAntTelemetry, CellularConnection, CellularTelemetry } from "@trc/protocol";
import { round, smoothNoise } from "./noise.ts";

/** Seconds after boot at which the modem reports each stage. */
export const MODEM = { imeiAfterS: 3, simAfterS: 5, searchAfterS: 2, connectedAfterS: 7 } as const;

export function connection(sinceBootMs: number): CellularConnection {
  const s = sinceBootMs / 1000;
  if (s < MODEM.searchAfterS) return "PENDING";
  return s < MODEM.connectedAfterS ? "SEARCH" : "CONNECTED";
}

export function cellular(sinceBootMs: number): CellularTelemetry {
  const s = sinceBootMs / 1000;
  return {
    power: "ON",
    connection: connection(sinceBootMs),
    imei: s >= MODEM.imeiAfterS ? "356938035643809" : "",
    imsi: s >= MODEM.simAfterS ? "505013485090404" : "",
    iccid: s >= MODEM.simAfterS ? "89610180004561234567" : "",
  };
}

export function cellularAntenna(elapsedMs: number): CellularAntTelemetry {
  const tS = elapsedMs / 1000;
  return {
    xbar: false,
    a_isExt: true,
    b_isExt: false,
    rssi: Math.round(-73 + 6 * smoothNoise(80, tS, 45)),
    ber: round(Math.max(0, 0.012 + 0.01 * smoothNoise(81, tS, 30)), 4),
  };
}
