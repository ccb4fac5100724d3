// The date-time picker's conversions: picker text yy-MM-dd HH:mm:ss <-> the native datetime-local value (local time).
import { formatPickerDate, parsePickerDate } from "@trc/protocol";

const NATIVE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** The native input's value for a picker text, or "" when the text is not a valid date. */
export function pickerToNative(text: string): string {
  const d = parsePickerDate(text);
  if (!d) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The picker text for a native datetime-local value; null when the value is empty or not in 2000..2099. */
export function nativeToPicker(value: string): string | null {
  const m = NATIVE.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (y < 2000 || y > 2099) return null;
  const date = new Date(y, mo - 1, d, h, mi, s);
  return date.getMonth() === mo - 1 ? formatPickerDate(date) : null;
}
