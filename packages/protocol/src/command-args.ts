// A command argument's check by its type (D4's argument types, D12's and D13's): the reason a value is refused, or null.
import { parseUhfPortPower, UHF_PORT_POWER_REASON } from "./antennas.ts";
import { REBOOT_DELAY_MAX_MINUTES } from "./constants.ts";
import { CONTROL_CHARS_REASON, hasControlChars } from "./control-chars.ts";
import { parseMqttServer } from "./mqtt.ts";
import { parseManualTimeArg } from "./time-format.ts";

const REPLAY_FULL = /^(\d{2})(\d{2})(\d{2})(\d{2}):(\d{2}):(\d{2})$/;
const REPLAY_DAY = /^(\d{2}):(\d{2}):(\d{2})$/;
const HOST_PORT = /^[A-Za-z0-9.-]+:(\d{1,5})$/;

function validClock(h: number, m: number, s: number): boolean {
  return h < 24 && m < 60 && s < 60;
}

function validDate(yy: number, mo: number, dd: number): boolean {
  const d = new Date(Date.UTC(2000 + yy, mo - 1, dd));
  return d.getUTCMonth() === mo - 1 && d.getUTCDate() === dd;
}

/** Checks one argument against its D4 format; returns the reason it is invalid, or null. */
export function checkCommandArg(type: string, value: string): string | null {
  if (hasControlChars(value)) return CONTROL_CHARS_REASON;
  const v = value.trim();
  switch (type) {
    case "minutes": {
      const minutes = /^\d{1,5}$/.test(v) ? Number(v) : 0;
      return minutes >= 1 && minutes <= REBOOT_DELAY_MAX_MINUTES
        ? null
        : `Enter a whole number of minutes from 1 to ${REBOOT_DELAY_MAX_MINUTES}`;
    }
    case "onoff":
      return v === "ON" || v === "OFF" ? null : "Enter ON or OFF";
    case "replay-time": {
      const full = REPLAY_FULL.exec(v);
      if (full) {
        const [yy, mo, dd, h, m, s] = full.slice(1).map(Number) as [
          number,
          number,
          number,
          number,
          number,
          number,
        ];
        return validDate(yy, mo, dd) && validClock(h, m, s) ? null : "Not a real date and time";
      }
      const day = REPLAY_DAY.exec(v);
      if (day) {
        const [h, m, s] = day.slice(1).map(Number) as [number, number, number];
        return validClock(h, m, s) ? null : "Not a real time of day";
      }
      return "Use YYMMDDHH:MM:SS or HH:MM:SS (UTC)";
    }
    case "manual-time":
      return parseManualTimeArg(v) === null ? "Use YYMMDDHHMMSSmmm" : null;
    case "host-port": {
      const m = HOST_PORT.exec(v);
      const port = m ? Number(m[1]) : 0;
      return m && port >= 1 && port <= 65535 ? null : "Use host:port";
    }
    case "mqtt-server": {
      const server = parseMqttServer(v);
      return server !== null && "error" in server ? server.error : null;
    }
    case "channel":
      return /^\d{1,3}$/.test(v) && Number(v) >= 1 ? null : "Enter the port as shown: a whole number from 1";
    case "port-power":
      return parseUhfPortPower(v) === undefined ? UHF_PORT_POWER_REASON : null;
    case "passing":
      return /^[1-9]\d{0,9}$/.test(v)
        ? null
        : "Enter a passing's number in its session: a whole number from 1";
    case "file":
      if (!v) return "Required";
      return /[/\\]|\.\./.test(v) ? "A file name, without folders" : null;
    default:
      return v ? null : "Required";
  }
}
