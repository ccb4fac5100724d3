// The UHF Antennas card's controls as drawn: a tile's Identify, Switch off / Switch on and Power (dB) with its limits
// and reason under the input (tied to it), and the unit's transmitter with what off means. Their state and commands:
// UhfControls.tsx.
import { useId } from "react";
import { POWER_LIMITS, TRANSMITTER_OFF } from "./antennaTile.ts";

export interface PortControlsViewProps {
  /** The antenna as shown (1-based). */
  n: string;
  /** Switched on (uhf/config's `enabled`, else its state is not `off`). */
  enabled: boolean;
  /** Its power now, dB (the input's placeholder). */
  power?: number | undefined;
  /** A command under way (or the unit's mode being read first): the buttons wait. */
  busy: boolean;
  text: string;
  onText(text: string): void;
  onIdentify(): void;
  onSwitch(): void;
  onPower(): void;
  /** Why the power was not set: the limits, or the unit's own reason. */
  reason?: string | null;
  /** The last command's outcome (the unit's answer or refusal). */
  outcome?: string | null;
}

export function PortControlsView(p: PortControlsViewProps) {
  const id = useId();
  const limits = `${id}-limits`;
  const reason = `${id}-reason`;
  return (
    <div className="antenna-controls">
      <div className="antenna-buttons">
        <button type="button" className="btn btn-small" disabled={p.busy} onClick={p.onIdentify}>
          Identify
        </button>
        <button
          type="button"
          className="btn btn-small"
          aria-label={`${p.enabled ? "Switch off" : "Switch on"} antenna ${p.n}`}
          disabled={p.busy}
          onClick={p.onSwitch}
        >
          {p.enabled ? "Switch off" : "Switch on"}
        </button>
      </div>
      <form
        className="antenna-power"
        onSubmit={(e) => {
          e.preventDefault();
          p.onPower();
        }}
      >
        <div className="antenna-power-row">
          <label htmlFor={`${id}-power`}>
            Power (dB)<span className="visually-hidden"> of antenna {p.n}</span>
          </label>
          <input
            id={`${id}-power`}
            inputMode="decimal"
            autoComplete="off"
            size={5}
            value={p.text}
            placeholder={typeof p.power === "number" ? p.power.toFixed(1) : undefined}
            aria-invalid={p.reason ? true : undefined}
            aria-describedby={p.reason ? `${limits} ${reason}` : limits}
            onChange={(e) => p.onText(e.target.value)}
          />
          <button
            type="submit"
            className="btn btn-small"
            aria-label={`Set power of antenna ${p.n}`}
            disabled={p.busy || !p.text.trim()}
          >
            Set
          </button>
        </div>
        <span id={limits} className="antenna-hint muted">
          {POWER_LIMITS}
        </span>
        <span id={reason} className="antenna-hint field-reason" aria-live="polite">
          {p.reason}
        </span>
      </form>
      <p className="antenna-outcome" role="status">
        {p.outcome}
      </p>
    </div>
  );
}

export interface TransmitterViewProps {
  /** uhf/config's `transmitter`; undefined when the unit does not say (an older unit): both ways offered. */
  transmitter: "ON" | "OFF" | undefined;
  busy: boolean;
  onSwitch(on: boolean): void;
  /** An older unit (no tiles): SPEC's Identify antennas here. */
  onIdentify(): void;
  identify: boolean;
  outcome?: string | null;
}

export function TransmitterView(p: TransmitterViewProps) {
  const button = (on: boolean) => (
    <button
      key={on ? "on" : "off"}
      type="button"
      className="btn btn-small"
      disabled={p.busy}
      onClick={() => p.onSwitch(on)}
    >
      {on ? "Switch transmitter on" : "Switch transmitter off"}
    </button>
  );
  const ways = p.transmitter === "ON" ? [false] : p.transmitter === "OFF" ? [true] : [true, false];
  return (
    <div className="antenna-unit" data-testid="uhf-transmitter">
      <p>
        UHF transmitter:{" "}
        <strong>
          {p.transmitter === "ON" ? "On" : p.transmitter === "OFF" ? TRANSMITTER_OFF : "not reported"}
        </strong>
      </p>
      <div className="antenna-buttons">
        {ways.map(button)}
        {p.identify && (
          <button type="button" className="btn btn-small" disabled={p.busy} onClick={p.onIdentify}>
            Identify antennas
          </button>
        )}
      </div>
      <p className="antenna-outcome" role="status">
        {p.outcome}
      </p>
    </div>
  );
}
