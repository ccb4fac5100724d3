// The config save result of SPEC §8 ('{code} - {text}', its colour, the response JSON).
import { configSaveText } from "@trc/protocol";
import { reasonOf } from "../api/errors.ts";

export interface SaveResult {
  /** HTTP status, or 0 when no answer arrived. */
  code: number;
  /** '{code} - {text}', or why no answer arrived. */
  text: string;
  /** Only 200 counts as success. */
  ok: boolean;
  /** The text is green if it contains 200, else red. */
  green: boolean;
  /** On 200: the response object as JSON. */
  json: string | null;
  /** On other codes: the device's stated reason, when it gave one. */
  reason: string | null;
}

/** The result of an answered set call. */
export function saveResult(code: number, body: unknown): SaveResult {
  const text = `${code} - ${configSaveText(code)}`;
  const ok = code === 200;
  return {
    code,
    text,
    ok,
    green: text.includes("200"),
    json: ok ? JSON.stringify(body ?? null, null, 2) : null,
    reason: ok ? null : reasonOf(body),
  };
}

/** The result of a set call that got no answer (network error, timeout). */
export function noAnswerResult(message: string): SaveResult {
  return { code: 0, text: message, ok: false, green: false, json: null, reason: null };
}
