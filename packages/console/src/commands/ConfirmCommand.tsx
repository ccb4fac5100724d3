// The FS_CLEAR question of SPEC §5, with Yes and No.
import { useEffect, useRef } from "react";

export const FS_CLEAR_QUESTION = "All timing and status data will be deleted. Are you really sure?";

export function ConfirmClear({ onYes, onNo }: { onYes(): void; onNo(): void }) {
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
      <p id="cmd-confirm-text">{FS_CLEAR_QUESTION}</p>
      <button type="button" className="btn btn-danger" onClick={onYes}>
        Yes
      </button>{" "}
      <button type="button" className="btn" onClick={onNo} ref={no}>
        No
      </button>
    </div>
  );
}
