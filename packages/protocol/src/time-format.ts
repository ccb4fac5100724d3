// Date and time texts of the manual time command (SPEC §5, D4): picker yy-MM-dd HH:mm:ss, packet YYMMDDHHMMSSmmm.

const PICKER = /^(\d{2})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const PACKET = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{3})$/;

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

function build(parts: number[], utc: boolean): Date | null {
  const [yy, mo, dd, h, m, s, ms = 0] = parts as [number, number, number, number, number, number, number?];
  const year = 2000 + yy;
  const d = utc ? new Date(Date.UTC(year, mo - 1, dd, h, m, s, ms)) : new Date(year, mo - 1, dd, h, m, s, ms);
  const get = utc
    ? [
        d.getUTCFullYear(),
        d.getUTCMonth(),
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
        d.getUTCSeconds(),
      ]
    : [d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()];
  const want = [year, mo - 1, dd, h, m, s];
  return get.every((v, i) => v === want[i]) ? d : null;
}

/** Picker text 'yy-MM-dd HH:mm:ss' in the browser's local time (year = 2000 + yy); null when not a real instant. */
export function parsePickerDate(text: string): Date | null {
  const m = PICKER.exec(text.trim());
  return m ? build(m.slice(1).map(Number), false) : null;
}

export function formatPickerDate(d: Date): string {
  return `${pad(d.getFullYear() % 100)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The packet form of an instant, in UTC: YYMMDDHHMMSSmmm. */
export function toManualTimeArg(d: Date): string {
  return `${pad(d.getUTCFullYear() % 100)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}${pad(d.getUTCMilliseconds(), 3)}`;
}

/** Epoch milliseconds of a YYMMDDHHMMSSmmm packet argument (UTC), or null. */
export function parseManualTimeArg(text: string): number | null {
  const m = PACKET.exec(text.trim());
  const d = m ? build(m.slice(1).map(Number), true) : null;
  return d ? d.getTime() : null;
}
