// The bodies of D14's posts, both formats (http_pckt_format 1: JSON, 0: text), written by the unit and read by a server.
//
// - A passing: `n` its number in its session (its row in the timing file, D12's SEQ), `tag`, `time` (epoch ms by
//   the unit's clock), `ant` the antenna as shown (1-based; 0 for a marker), `rssi` dBm (null for a marker),
//   `reads` the reads of its visit (0 for a marker).
// - JSON: `{"device", "session", "passings": [...]}`. Text: one line a passing, `n;tag;time;ant;rssi;reads`, time as
//   `yyyy-mm-ddThh:mm:ss.sssZ`, rssi empty for a marker, every line ending in LF; the device and the session in the
//   headers X-TRC-Device and X-TRC-Session. A `;`, CR or LF in a tag is sent as `_` (as on the timing port).
// - Header values are printable ASCII: any other character (and `%`) is percent-encoded as UTF-8 (decodeURIComponent
//   reads them back).
import * as z from "zod/mini";
import { UPLOAD } from "./upload.ts";

export interface UploadPassing {
  n: number;
  tag: string;
  time: number;
  ant: number;
  rssi: number | null;
  reads: number;
}

export const UploadPassingSchema = z.object({
  n: z.int().check(z.gte(1)),
  tag: z.string().check(z.minLength(1)),
  time: z.number(),
  ant: z.int().check(z.gte(0)),
  rssi: z.nullable(z.number()),
  reads: z.int().check(z.gte(0)),
});

export const UploadJsonBody = z.object({
  device: z.string(),
  session: z.string(),
  passings: z.array(UploadPassingSchema).check(z.maxLength(UPLOAD.maxPassingsPerPost)),
});
export type UploadJsonBody = z.infer<typeof UploadJsonBody>;

export type UploadFormat = "json" | "text";

/** http_pckt_format → the body's format (0 text, anything else JSON: D5's default 1). */
export function uploadFormat(httpPcktFormat: unknown): UploadFormat {
  return httpPcktFormat === 0 ? "text" : "json";
}

const hex = (b: number) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`;

/** The UTF-8 bytes of one code point (a lone surrogate as the replacement character's). */
function utf8Bytes(cp: number): number[] {
  const c = cp >= 0xd800 && cp <= 0xdfff ? 0xfffd : cp;
  if (c < 0x80) return [c];
  if (c < 0x800) return [0xc0 | (c >> 6), 0x80 | (c & 63)];
  if (c < 0x10000) return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)];
  return [0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)];
}

/** A header value: printable ASCII as is, anything else (and `%`) percent-encoded. */
export function encodeHeaderValue(text: string): string {
  return text.replace(/[^\x20-\x24\x26-\x7e]/gu, (ch) =>
    utf8Bytes(ch.codePointAt(0) ?? 0xfffd)
      .map(hex)
      .join(""),
  );
}

/** A header value as encodeHeaderValue wrote it (a value that does not decode is taken as is). */
export function decodeHeaderValue(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** One line of the text format (with its LF). */
export function uploadTextLine(p: UploadPassing): string {
  const tag = p.tag.replace(/[;\r\n]/g, "_");
  const rssi = p.rssi === null ? "" : String(p.rssi);
  return `${p.n};${tag};${new Date(p.time).toISOString()};${p.ant};${rssi};${p.reads}\n`;
}

export interface UploadRequest {
  contentType: string;
  headers: Record<string, string>;
  body: string;
}

/** The post of `passings` of one session in the given format. */
export function uploadRequest(
  format: UploadFormat,
  device: string,
  session: string,
  passings: readonly UploadPassing[],
): UploadRequest {
  if (format === "json") {
    return {
      contentType: "application/json",
      headers: {},
      body: JSON.stringify({ device, session, passings }),
    };
  }
  return {
    contentType: "text/plain; charset=utf-8",
    headers: {
      [UPLOAD.deviceHeader]: encodeHeaderValue(device),
      [UPLOAD.sessionHeader]: encodeHeaderValue(session),
    },
    body: passings.map(uploadTextLine).join(""),
  };
}

export type ParsedPost = { ok: true; value: UploadJsonBody } | { ok: false; reason: string };

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The passings of a text body (at most `max`); the reason names the first line that is not one. */
export function parseUploadText(
  body: string,
  max: number = UPLOAD.maxPassingsPerPost,
): { ok: true; passings: UploadPassing[] } | { ok: false; reason: string } {
  const lines = body.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const passings: UploadPassing[] = [];
  for (const [i, line] of lines.entries()) {
    const bad = (why: string) => ({ ok: false as const, reason: `line ${i + 1}: ${why}` });
    const cells = line.split(";");
    if (cells.length !== 6) return bad("expected n;tag;time;ant;rssi;reads");
    const [n = "", tag = "", iso = "", ant = "", rssi = "", reads = ""] = cells;
    if (!/^[1-9]\d{0,9}$/.test(n)) return bad("n must be a whole number from 1");
    if (!tag) return bad("the tag is empty");
    if (!ISO.test(iso) || !Number.isFinite(Date.parse(iso)))
      return bad("time must be yyyy-mm-ddThh:mm:ss.sssZ");
    if (!/^\d{1,3}$/.test(ant)) return bad("ant must be a whole number (0 for a marker)");
    if (rssi !== "" && !Number.isFinite(Number(rssi))) return bad("rssi must be a number or empty");
    if (!/^\d{1,9}$/.test(reads)) return bad("reads must be a whole number");
    passings.push({
      n: Number(n),
      tag,
      time: Date.parse(iso),
      ant: Number(ant),
      rssi: rssi === "" ? null : Number(rssi),
      reads: Number(reads),
    });
  }
  if (passings.length > max) return { ok: false, reason: `at most ${max} passings a post` };
  return { ok: true, passings };
}

/**
 * A post as a server reads it: JSON (`application/json`) or text (`text/plain`, the device and the session from
 * their headers, `header(name)` in any letter case). The reason says what is wrong.
 */
export function parseUploadPost(
  contentType: string,
  header: (name: string) => string | undefined,
  body: string,
): ParsedPost {
  const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "application/json") {
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return { ok: false, reason: "the body is not JSON" };
    }
    const parsed = UploadJsonBody.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { ok: false, reason: `${issue?.path.join(".") || "body"}: ${issue?.message ?? "not a post"}` };
    }
    return { ok: true, value: parsed.data };
  }
  if (type === "text/plain") {
    const device = header(UPLOAD.deviceHeader);
    const session = header(UPLOAD.sessionHeader);
    if (!device || !session)
      return { ok: false, reason: `${UPLOAD.deviceHeader} and ${UPLOAD.sessionHeader} are required` };
    const text = parseUploadText(body);
    if (!text.ok) return text;
    return {
      ok: true,
      value: {
        device: decodeHeaderValue(device),
        session: decodeHeaderValue(session),
        passings: text.passings,
      },
    };
  }
  return { ok: false, reason: "Content-Type must be application/json or text/plain" };
}
