// The auth page (SPEC §2, §4): None, Password (tested with the device after 0.5 s) or Encrypted Key (not yet available).
import { type FormEvent, useId, useState } from "react";
import { useAuth } from "../shared/access/authStore.ts";
import { AuthStatus } from "../ui/AuthStatus.tsx";
import { Spinner } from "../ui/Spinner.tsx";
import { KeyOption } from "./KeyOption.tsx";
import { usePasswordTest } from "./passwordTest.ts";
import "./auth.css";

export default function AuthPage() {
  const type = useAuth((s) => s.type);
  const passwordTest = usePasswordTest();
  const querying = passwordTest.isPending;
  const result = useAuth((s) => s.result);
  const stored = useAuth((s) => s.password);
  const useNone = useAuth((s) => s.useNone);
  const [password, setPassword] = useState(stored);
  const ids = { pw: useId(), result: useId() };
  const checked = querying ? "PASSWORD" : type;

  function test(e?: FormEvent) {
    e?.preventDefault();
    if (!passwordTest.isPending) passwordTest.mutate(password);
  }

  return (
    <div className="auth-page">
      <h1>Authentication</h1>
      <AuthStatus configure={false} />
      <fieldset className="auth-options">
        <legend>Choose how the console authenticates</legend>
        <section className="panel auth-option">
          <label className="auth-choice">
            <input
              type="radio"
              name="auth-type"
              checked={checked === "NONE"}
              onChange={useNone}
              disabled={querying}
            />
            None
          </label>
          <p className="muted">Commands run at the default level.</p>
        </section>
        <section className="panel auth-option">
          <label className="auth-choice">
            <input
              type="radio"
              name="auth-type"
              checked={checked === "PASSWORD"}
              onChange={() => test()}
              disabled={querying}
            />
            Password
          </label>
          <form className="auth-password" onSubmit={test}>
            <label htmlFor={ids.pw}>Password</label>
            <input
              id={ids.pw}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              aria-describedby={ids.result}
            />
            <button type="submit" className="btn btn-primary" disabled={querying}>
              {querying ? <Spinner label="Testing the password" /> : null} Test Password
            </button>
          </form>
          <p id={ids.result} className="auth-result" aria-live="polite">
            {result && !querying && (
              <span className={result.successful ? "ok-text" : "error-text"}>
                <span className="auth-mark" role="img" aria-label={result.successful ? "Passed" : "Failed"}>
                  {result.successful ? "✓" : "✗"}
                </span>{" "}
                {result.responseMsg}
              </span>
            )}
          </p>
        </section>
        <KeyOption />
      </fieldset>
    </div>
  );
}
