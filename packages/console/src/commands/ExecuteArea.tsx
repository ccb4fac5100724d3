// The execute area (SPEC §2, §4): the read-only JSON preview of the packet and the Execute / Error / Not Authed button.
import type { ExecuteRequest } from "@trc/protocol";
import type { ExecuteButton } from "./executeRule.ts";

interface Props {
  packet: ExecuteRequest | null;
  button: ExecuteButton;
  onExecute(): void;
}

export function ExecuteArea({ packet, button, onExecute }: Props) {
  return (
    <section className="panel cmd-execute" aria-label="Execute">
      <label htmlFor="cmd-packet" className="muted">
        Packet
      </label>
      <textarea
        id="cmd-packet"
        className="mono cmd-packet"
        readOnly
        rows={packet ? 6 : 1}
        value={packet ? JSON.stringify(packet, null, 2) : ""}
        placeholder="No command selected"
      />
      <button
        type="button"
        className={`btn ${button.label === "Execute" ? "btn-primary" : "btn-danger"} cmd-execute-btn`}
        disabled={!button.enabled}
        onClick={onExecute}
        aria-busy={button.spinner}
      >
        {button.spinner && <span className="spinner" aria-hidden="true" />} {button.label}
      </button>
    </section>
  );
}
