// Whether a write carries the credentials: the area's feature flag (DECISIONS D8), decided here for every write.
import { type AuthState, credentials, useAuth } from "./authStore.ts";
import { type Flags, useFlags } from "./flags.ts";

/** The areas whose writes may carry credentials: commands (execute, Restart unit, Set device time) and config set. */
export type WriteArea = "commands" | "config";

/**
 * The credential fields of a write in `area` (D3): the current ones when the area's `useAuth` flag is on, none when it
 * is off. `now` lets a component pass the state it rendered with (the Commands page's packet preview).
 */
export function writeCredentials(
  area: WriteArea,
  now: {
    auth: Pick<AuthState, "type" | "password" | "key">;
    flags: Pick<Flags, WriteArea>;
  } = { auth: useAuth.getState(), flags: useFlags.getState().flags },
): { auth_pw?: string; auth_key?: string } {
  return now.flags[area].useAuth ? credentials(now.auth) : {};
}

/** The level suffices, auth is off, or a flag allows execution regardless. */
export function levelAllows(i: {
  level: number;
  perm: number;
  useAuth: boolean;
  allowRegardless: boolean;
}): boolean {
  return !i.useAuth || i.allowRegardless || i.level >= i.perm;
}
