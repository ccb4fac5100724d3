// What a check is, what it may use (the client, the options, facts learnt by earlier checks), and shared answer tests.
import { type ConfigValue, type DeviceNameResponse, type FileEntry, fieldIssues } from "@trc/protocol";
import type * as z from "zod/mini";
import { type Answer, callOf, type UnitClient } from "./client.ts";
import type { CheckKind } from "./report.ts";

export interface KitOptions {
  /** The unit's address, e.g. http://192.168.4.1 (no trailing slash needed). */
  url: string;
  /** Also run the checks that change the unit (configuration, transmitter, files, firmware, reboot). */
  destructive?: boolean;
  /** The image the destructive firmware check uploads; default a generated ESP32 test image. */
  firmware?: Uint8Array;
  /** A password sent with the destructive checks' sets and commands (units that require one). */
  password?: string;
  /** Per request (default 10 s). */
  timeoutMs?: number;
  /** Pause between mapping getInfo requests (SPEC §9: 50 ms). */
  pacingMs?: number;
  /** How long the read stream keep-alive check listens (default 16 s; 0 skips it). */
  streamWaitMs?: number;
  /** How long the unit may take to come back with the new firmware (default 120 s). */
  rebootTimeoutMs?: number;
  /** How long the kit waits out a password block left by an earlier run (default 65 s). */
  passwordBlockWaitMs?: number;
  /** The unit's filtered timing port (D12); default its configuration's filtered_port. */
  timingPort?: number;
  /** How long the timing port check waits for the first line, a heartbeat (default 6 s: D12 sends one every 5 s). */
  timingWaitMs?: number;
}

/** What earlier checks learnt about the unit, for later ones. */
export interface Facts {
  deviceName?: DeviceNameResponse;
  config?: Record<string, ConfigValue>;
  files?: FileEntry[];
}

export interface Context {
  readonly client: UnitClient;
  readonly options: Required<Omit<KitOptions, "firmware" | "password" | "timingPort">> &
    Pick<KitOptions, "firmware" | "password" | "timingPort">;
  readonly facts: Facts;
  /** Updates the progress line (e.g. while waiting for a reboot). */
  progress(text: string): void;
  /** Says something the operator should see even without a progress line (a long wait). */
  notice(text: string): void;
}

/** Problems found (none = ok), or a reason the check could not run here. */
export type Outcome = string[] | { skip: string };

export interface Check {
  readonly name: string;
  readonly kind: CheckKind;
  run(ctx: Context): Promise<Outcome>;
}

export const contract = (name: string, run: Check["run"]): Check => ({ name, kind: "contract", run });
export const recommendation = (name: string, run: Check["run"]): Check => ({
  name,
  kind: "recommendation",
  run,
});

/** The reason an error answer gave, when it gave one. */
function reasonOf(a: Answer): string {
  const error = (a.json as { error?: unknown } | undefined)?.error;
  return typeof error === "string" ? ` ("${error.slice(0, 80)}")` : "";
}

/** null when the status is one of those expected, else the problem naming the call and status. */
export function statusProblem(a: Answer, ...expected: number[]): string | null {
  if (expected.includes(a.status)) return null;
  return `${callOf(a)} answered ${a.status}${reasonOf(a)}, expected ${expected.join(" or ")}`;
}

/** A 200 JSON answer checked against a protocol schema; each wrong field named as `label.field`. */
export function jsonProblems(a: Answer, schema: z.ZodMiniType, label: string): string[] {
  const status = statusProblem(a, 200);
  if (status) return [status];
  if (a.jsonError) return [`${callOf(a)} answered ${a.jsonError}`];
  const parsed = schema.safeParse(a.json);
  if (parsed.success) return [];
  return fieldIssues(parsed.error.issues, a.json).map((i) =>
    i.field === "(root)" ? `${label} ${i.message}` : `${label}.${i.field} ${i.message}`,
  );
}

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** A key nobody would configure, for the refusal checks. */
export const UNKNOWN_KEY = "trc_conformance_no_such_key";
export const UNKNOWN_COMMAND = "TRC_CONFORMANCE_NO_SUCH_CMD";
export const WRONG_PASSWORD = "trc-conformance-wrong-password";
