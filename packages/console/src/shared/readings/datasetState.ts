// Telemetry query states per dataset (SPEC §4): started → queried → loaded | errored, and how a card combines them.
import type { FieldIssue } from "@trc/protocol";
import { DeviceError } from "../../api/errors.ts";

export type DatasetState = "started" | "queried" | "loaded" | "errored";

/** From TanStack Query's status pair: fetching is 'queried'; an error empties the data (SPEC §8). */
export function datasetState(status: "pending" | "error" | "success", fetching: boolean): DatasetState {
  if (fetching) return "queried";
  if (status === "error") return "errored";
  if (status === "success") return "loaded";
  return "started";
}

const ORDER: readonly DatasetState[] = ["errored", "queried", "started", "loaded"];

/** A card of several datasets shows the most pressing state: errored, then queried, then started. */
export function combinedState(states: readonly DatasetState[]): DatasetState {
  return ORDER.find((s) => states.includes(s)) ?? "started";
}

/** SPEC §8: the error shown as raw text, as JSON (message, HTTP status and the device's body when there is one). */
export function errorJson(err: unknown): string {
  if (err instanceof DeviceError) {
    const out: Record<string, unknown> = { error: err.message };
    if (err.status !== undefined) out.status = err.status;
    if (err.body !== undefined && err.body !== "") out.body = err.body;
    return JSON.stringify(out);
  }
  return JSON.stringify({ error: err instanceof Error ? err.message : String(err) });
}

/** A wrong-shaped answer names its wrong fields: "percentage (expected number, got string)". */
export function issuesText(issues: readonly FieldIssue[]): string {
  return issues.map((i) => `${i.field} (${i.message})`).join(", ");
}

/** Retry once only when no answer came (network, timeout); an error answer is shown at once. */
export function shouldRetry(failures: number, err: unknown): boolean {
  return failures < 1 && err instanceof DeviceError && (err.kind === "network" || err.kind === "timeout");
}
