// Asks the command's own question (its definition's `confirm`, SPEC §5 FS_CLEAR) with Yes and No before it is sent.
import { useEffect, useRef } from "react";

export function ConfirmCommand({ question, onYes, onNo }: { question: string; onYes(): void; onNo(): void }) {
  const no = useRef<HTMLButtonElement>(null);
  useEffect(() => no.current?.focus(), []);
  return (
    <div
      className="panel panel-danger cmd-confirm"
      role="alertdialog"
      aria-modal="false"
      aria-labelledby="cmd-confirm-text"
      onKeyDown={(e) => {
        if (e.key === "Escape") onNo();
      }}
    >
      <p id="cmd-confirm-text">{question}</p>
      <button type="button" className="btn btn-danger" onClick={onYes}>
        Yes
      </button>{" "}
      <button type="button" className="btn" onClick={onNo} ref={no}>
        No
      </button>
    </div>
  );
}
