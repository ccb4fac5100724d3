// The auth status bar (SPEC §2): current level name and number, the auth type, and a Configure link to /auth.
import { namedLevel } from "@trc/protocol";
import { Link } from "wouter";
import { useAuth } from "../shared/access/authStore.ts";
import { authTypeText } from "../shared/access/authText.ts";

/** `configure` false hides the link (on the auth page itself). */
export function AuthStatus({ configure = true }: { configure?: boolean }) {
  const type = useAuth((s) => s.type);
  const level = useAuth((s) => s.level);
  const typeText = authTypeText(type);
  return (
    <section className="auth-status panel" aria-label="Authentication status">
      <span>
        Level: <strong>{namedLevel(level).name}</strong> ({level})
      </span>
      <span className={type === "NONE" ? "error-text" : undefined}>
        {type === "NONE" ? typeText : <>Auth: {typeText}</>}
      </span>
      {configure && <Link to="/auth">Configure</Link>}
    </section>
  );
}
