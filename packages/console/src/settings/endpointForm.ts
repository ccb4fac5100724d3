// The Query Endpoint form's logic: what the user typed, where requests would go, and the submit animation (SPEC §4).
import { ENDPOINT_SUBMIT_ANIMATION_MS, unitAddress } from "@trc/protocol";
import { apiBase, checkEndpoint } from "../shared/unit/deviceSettings.ts";

export type EndpointCheck = { ok: true; rootAPI: string; intended: string } | { ok: false; reason: string };

/**
 * Checks a typed endpoint: the rootAPI to store (the address in its canonical form: a bare host means http://, case,
 * default port and trailing slashes go; empty means this origin) and the base URL requests would use, or why it is
 * refused.
 */
export function checkTypedEndpoint(text: string, origin?: string): EndpointCheck {
  const reason = checkEndpoint(text);
  if (reason) return { ok: false, reason };
  const rootAPI = unitAddress(text) ?? "";
  const intended = rootAPI || (origin === undefined ? apiBase("") : (unitAddress(origin) ?? origin));
  return { ok: true, rootAPI, intended };
}

export type SubmitPhase = "idle" | "saving" | "saved";

/**
 * Runs Submit's animation: "saving" (spinner) for 500 ms, then re-reads the settings, "saved" (check) for 500 ms, then idle.
 * Returns a cancel function for an unmounting form.
 */
export function runSubmitAnimation(
  setPhase: (phase: SubmitPhase) => void,
  reread: () => void,
  later: (fn: () => void, ms: number) => ReturnType<typeof setTimeout> = setTimeout,
): () => void {
  const timers: ReturnType<typeof setTimeout>[] = [];
  setPhase("saving");
  timers.push(
    later(() => {
      reread();
      setPhase("saved");
      timers.push(later(() => setPhase("idle"), ENDPOINT_SUBMIT_ANIMATION_MS));
    }, ENDPOINT_SUBMIT_ANIMATION_MS),
  );
  return () => {
    for (const t of timers) clearTimeout(t);
  };
}
