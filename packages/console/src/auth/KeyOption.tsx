// The Encrypted Key option: shown disabled and blurred; its login, key file and paste area do nothing yet (SPEC §2).
export function KeyOption() {
  return (
    <section className="panel auth-option auth-key" aria-disabled="true">
      <label className="auth-choice">
        <input type="radio" name="auth-type" disabled />
        Encrypted Key
      </label>
      <p className="auth-key-note">Encrypted keys in a future release</p>
      <div className="auth-key-body" inert>
        <p className="muted">No login service available</p>
        <label>
          Key file <input type="file" accept=".otauth,.txt" disabled />
        </label>
        <label>
          Paste key
          <textarea rows={3} disabled placeholder="Paste an encrypted key here" />
        </label>
      </div>
    </section>
  );
}
