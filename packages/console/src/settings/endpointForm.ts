// The Query Endpoint form's logic: what the user typed, where requests would go, and the submit animation (SPEC §4).
import { ENDPOINT_SUBMIT_ANIMATION_MS } from "@trc/protocol";
import { apiBase, checkEndpoint } from "../shared/deviceSettings.ts";

export type EndpointCheck = { ok: true; rootAPI: string; intended: string } | { ok: false; reason: string };

/** A bare host ("localhost:8080", "192.168.4.1") means http://; trailing slashes go; empty means this origin. */
export function normalizeEndpoint(text: string): string {
  const t = text.trim();
  if (!t) return "";
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(t) ? t : `http://${t}`;
  return withScheme.replace(/\/+$/, "");
}

/** Checks a typed endpoint: the stored rootAPI and the base URL requests would use, or why it is refused. */
export function checkTypedEndpoint(text: string, origin?: string): EndpointCheck {
  const rootAPI = normalizeEndpoint(text);
  const reason = checkEndpoint(rootAPI);
  if (reason) return { ok: false, reason };
  const intended = rootAPI ? apiBase(rootAPI) : (origin ?? apiBase(""));
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
