// A set's result in the words of SPEC §8, one model for every page: '{code} - {text}', its colour, the unit's reason.
import { configSaveText } from "@trc/protocol";
import { DeviceError, errorText, isGuessLimit, reasonOf } from "../../api/errors.ts";

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

/** The result of a set call that got no answer (network error, timeout), or that was not sent (the words say why). */
export function noAnswerResult(message: string): SaveResult {
  return { code: 0, text: message, ok: false, green: false, json: null, reason: null };
}

/** The result of a failed set: the unit's refusal (its status and reason), or why no answer came (code 0). */
export function failedResult(err: unknown): SaveResult {
  // The password limit: "Too many wrong passwords: try again in N s" rather than SPEC §8's "429 - Success".
  if (isGuessLimit(err)) return { ...noAnswerResult(err.message), code: 429 };
  if (err instanceof DeviceError && err.kind === "http" && err.status !== undefined)
    return saveResult(err.status, err.body);
  return noAnswerResult(errorText(err));
}

/** The result as one line: "401 - Unauthorized (the unit's reason)", as the Configuration page shows it under a setting. */
export function resultLine(result: SaveResult): string {
  return result.reason ? `${result.text} (${result.reason})` : result.text;
}
