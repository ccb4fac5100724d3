// What running a command comes to (D4, D12): its answer, or why it was refused.

export type CommandOutcome =
  | { ok: true; result: string; extra?: Record<string, unknown> }
  | { ok: false; status: 400 | 404; reason: string }
  | { ok: false; status: 429; waitMs: number };

/** A 400 refusal with its reason. */
export const refuse = (reason: string): CommandOutcome => ({ ok: false, status: 400, reason });
