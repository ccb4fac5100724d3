// The command detail panel (SPEC §2): name, description, code, level badge, permission banner and one input per argument.
import type { CommandDefinition } from "@trc/protocol";
import { useEffect, useId, useRef } from "react";
import { Link } from "wouter";
import { PICKER_TYPE } from "./args.ts";
import { DateTimeField } from "./DateTimeField.tsx";
import { LevelBadge } from "./LevelBadge.tsx";

/** The width below which the page stacks its panels (commands.css). */
const NARROW = "(max-width: 1000px)";

interface Props {
  def: CommandDefinition | null;
  draft: string[];
  reasons: (string | null)[];
  insufficient: boolean;
  useAuth: boolean;
  onDraft(draft: string[]): void;
}

export function CommandDetail({ def, draft, reasons, insufficient, useAuth, onDraft }: Props) {
  const base = useId();
  const panel = useRef<HTMLElement>(null);
  const code = def?.cmd;
  // On a narrow screen the detail sits below the long list: bring it into view when a command is chosen.
  useEffect(() => {
    if (code && typeof matchMedia === "function" && matchMedia(NARROW).matches) {
      panel.current?.scrollIntoView?.({ block: "start", behavior: "smooth" });
    }
  }, [code]);
  if (!def) {
    return (
      <section className="panel cmd-detail" aria-label="Command">
        <p>Select a command from the list...</p>
        {useAuth && <Link to="/auth">Authorize</Link>}
      </section>
    );
  }
  const set = (i: number, value: string) =>
    onDraft(def.args.map((_, j) => (j === i ? value : (draft[j] ?? ""))));
  return (
    <section className="panel cmd-detail" aria-labelledby={`${base}-name`} ref={panel}>
      <div className="card-head">
        <h2 id={`${base}-name`}>{def.name}</h2>
        <LevelBadge perm={def.perm} />
      </div>
      <p>{def.desc}</p>
      <p>
        Code: <code>{def.cmd}</code>
      </p>
      {insufficient && (
        <p className="banner banner-danger" role="alert">
          Insufficient permissions for this command! Please authenticate
        </p>
      )}
      {def.args.length === 0 ? (
        <p className="muted">No arguments</p>
      ) : (
        <div className="cmd-args">
          {def.args.map((a, i) => {
            const id = `${base}-arg-${i}`;
            const reason = reasons[i] ?? null;
            const value = draft[i] ?? "";
            return (
              <div key={id} className="cmd-arg">
                <label htmlFor={id}>{a.name}</label>
                <span className="muted cmd-arg-desc" id={`${id}-desc`}>
                  {a.desc}
                </span>
                {a.type === PICKER_TYPE ? (
                  <DateTimeField
                    id={id}
                    value={value}
                    onChange={(v) => set(i, v)}
                    describedBy={`${id}-desc ${id}-reason`}
                    invalid={reason !== null}
                  />
                ) : (
                  <input
                    id={id}
                    type="text"
                    placeholder={a.val}
                    value={value}
                    onChange={(e) => set(i, e.currentTarget.value)}
                    aria-invalid={reason !== null}
                    aria-describedby={`${id}-desc ${id}-reason`}
                  />
                )}
                <span className="field-reason" id={`${id}-reason`}>
                  {reason ?? ""}
                </span>
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
