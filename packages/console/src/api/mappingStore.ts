// Reads a device's remote store (SPEC §7: mapping/quantity, then getInfo?index=n paced 50 ms), for commands and configuration.

import { COMMAND_FETCH_PACING_MS, fieldIssues, formatIssues, MappingQuantity } from "@trc/protocol";
import type * as z from "zod/mini";
import { DeviceError, errorText } from "./errors.ts";
import { sleep } from "./sleep.ts";

/** What the reader needs of the API client: an answer of any status. */
export type MappingFetcher = (path: string) => Promise<{ status: number; ok: boolean; body: unknown }>;

export interface MappingOptions<S extends z.ZodMiniType> {
  /** Names the entries in problem lines: "Command", "Setting". */
  label: string;
  quantityPath: string;
  infoPath: (index: number) => string;
  schema: S;
  /** A field whose absence alone makes an answer bad (SPEC §8: "a response without len or name"). */
  required?: string;
  fetcher: MappingFetcher;
  onProgress?: (queried: number, available: number) => void;
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
}

export interface MappingResult<T> {
  items: T[];
  /** Why the count could not be read (then nothing else was asked), or null. */
  countProblem: string | null;
  /** Answers skipped as bad, one line each. */
  problems: string[];
  /** Entries the device refused to describe (401: the user is not authorised for them). */
  skipped: number;
}

const hasField = (body: unknown, field: string) =>
  !!body && typeof body === "object" && (body as Record<string, unknown>)[field] != null;

function parsed<S extends z.ZodMiniType>(
  schema: S,
  body: unknown,
): { data: z.infer<S> } | { problem: string } {
  const r = schema.safeParse(body);
  return r.success ? { data: r.data } : { problem: formatIssues(fieldIssues(r.error.issues, body)) };
}

async function readCount(o: MappingOptions<z.ZodMiniType>): Promise<number | string> {
  const answer = await o.fetcher(o.quantityPath);
  if (!answer.ok) return `${o.label} count: HTTP ${answer.status}`;
  if (!hasField(answer.body, "len")) return `${o.label} count: answer without len`;
  const count = parsed(MappingQuantity, answer.body);
  return "data" in count ? count.data.len : `${o.label} count: ${count.problem}`;
}

/** Count, then one getInfo per index with the spec's pacing; a 401 is skipped, a bad answer is skipped and named. */
export async function readMapping<S extends z.ZodMiniType>(
  o: MappingOptions<S>,
): Promise<MappingResult<z.infer<S>>> {
  const pause = o.sleep ?? ((ms: number) => sleep(ms));
  const result: MappingResult<z.infer<S>> = { items: [], countProblem: null, problems: [], skipped: 0 };
  const available = await readCount(o);
  if (typeof available === "string") {
    result.countProblem = available;
    o.onProgress?.(0, 0);
    return result;
  }
  o.onProgress?.(0, available);
  for (let index = 0; index < available && !o.signal?.aborted; index++) {
    if (index > 0) await pause(COMMAND_FETCH_PACING_MS);
    const line = (text: string) => result.problems.push(`${o.label} #${index}: ${text}`);
    let answer: Awaited<ReturnType<MappingFetcher>>;
    try {
      answer = await o.fetcher(o.infoPath(index));
    } catch (err) {
      if (o.signal?.aborted) throw err;
      line(errorText(err));
      continue;
    } finally {
      o.onProgress?.(index + 1, available);
    }
    if (answer.status === 401) result.skipped++;
    else if (!answer.ok) line(DeviceError.http(answer.status, answer.body).message);
    else if (o.required && !hasField(answer.body, o.required)) line(`answer without ${o.required}`);
    else {
      const entry = parsed(o.schema, answer.body);
      if ("data" in entry) result.items.push(entry.data);
      else line(entry.problem);
    }
  }
  return result;
}
