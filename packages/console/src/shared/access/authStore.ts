// Auth state (SPEC §3, §4): type, level, credentials (password in memory and sessionStorage only, D7).
import { AUTH_TYPES, type AuthType, DEFAULT_LEVEL, LEVEL_MAX, LEVEL_MIN } from "@trc/protocol";
import { persist } from "zustand/middleware";
import { lazyStore } from "../store/lazyStore.ts";
import { plainStorage, session } from "../store/storage.ts";
import { SESSION_KEYS } from "../store/storageKeys.ts";

export interface AuthResult {
  successful: boolean;
  responseMsg: string;
}

interface Persisted {
  type: AuthType;
  level: number;
  password: string;
}

export interface AuthState extends Persisted {
  key: string;
  result: AuthResult | null;
  setPassword(password: string): void;
  setKey(key: string): void;
  useNone(): void;
  /** After a password test: success sets PASSWORD and the level; failure resets to NONE at level 10. */
  passwordTested(result: AuthResult, level?: number): void;
  /** A test the unit did not evaluate (429, the guessing limit): the result is shown; type, level and password stay. */
  passwordTestLimited(result: AuthResult): void;
}

/** What sessionStorage holds, if it is a whole, valid auth state (anything else starts at None, level 10). */
function storedAuth(v: Partial<Persisted> | undefined): Persisted | undefined {
  if (!v || typeof v !== "object" || typeof v.password !== "string") return undefined;
  if (!AUTH_TYPES.includes(v.type as AuthType)) return undefined;
  const level = v.level;
  if (!Number.isInteger(level) || (level as number) < LEVEL_MIN || (level as number) > LEVEL_MAX)
    return undefined;
  return { type: v.type as AuthType, level: level as number, password: v.password };
}

const NONE: Persisted = { type: "NONE", level: DEFAULT_LEVEL, password: "" };

/** Kept in sessionStorage: the state a password test (or None) left, never a password typed and not yet tested. */
const saved = ({ type, level, password }: Persisted): Persisted => ({ type, level, password });

export const useAuth = lazyStore<AuthState & { saved: Persisted }>()(
  persist(
    (set, get) => ({
      ...NONE,
      saved: NONE,
      key: "",
      result: null,
      setPassword: (password) => set({ password }),
      setKey: (key) => set({ key }),
      useNone() {
        set({ type: "NONE", level: DEFAULT_LEVEL, result: null });
        set({ saved: saved(get()) });
      },
      passwordTested(result, level) {
        if (result.successful && level !== undefined) set({ type: "PASSWORD", level, result });
        else set({ type: "NONE", level: DEFAULT_LEVEL, result });
        set({ saved: saved(get()) });
      },
      passwordTestLimited: (result) => set({ result }),
    }),
    {
      name: SESSION_KEYS.auth,
      storage: plainStorage<Persisted>(() => session, NONE),
      partialize: (s) => s.saved,
      merge: (stored, current) => {
        const start = storedAuth(stored as Partial<Persisted> | undefined) ?? NONE;
        return { ...current, ...start, saved: start };
      },
    },
  ),
);

/** The credential fields a request carries when auth is used (D3): auth_pw or auth_key. */
export function credentials(state: Pick<AuthState, "type" | "password" | "key"> = useAuth.getState()): {
  auth_pw?: string;
  auth_key?: string;
} {
  if (state.type === "PASSWORD" && state.password) return { auth_pw: state.password };
  if (state.type === "KEY" && state.key) return { auth_key: state.key };
  return {};
}
