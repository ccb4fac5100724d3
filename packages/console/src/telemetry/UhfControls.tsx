// The UHF Antennas card's controls with their state: a tile's Identify, Switch off / Switch on and Power (dB), the unit's
// transmitter; each sent as a mutation, asked first while the unit is timing (useAntennaCommands.ts).
import { useState } from "react";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { PortControlsView, TransmitterView } from "./AntennaControlsView.tsx";
import {
  answerText,
  identifyCall,
  powerCall,
  questionLead,
  refusalText,
  switchCall,
  TIMING_QUESTION,
  transmitterCall,
} from "./antennaCommands.ts";
import { type AntennaCommands, useAntennaCommands } from "./useAntennaCommands.ts";

/** D12's question before a change while the unit is timing, naming what changes; No (or Escape) sends nothing. */
function TimingQuestion({ commands }: { commands: AntennaCommands }) {
  const q = commands.question;
  return (
    <ConfirmDialog
      open={!!q}
      title={TIMING_QUESTION}
      confirmLabel="Yes, change while timing"
      cancelLabel="No"
      onConfirm={() => commands.answer(true)}
      onCancel={() => commands.answer(false)}
    >
      <p>{questionLead(q?.modeKnown ?? true)}</p>
      <p>
        <strong data-testid="antenna-change">{q?.call.what}</strong>
      </p>
      <p>No: nothing is sent.</p>
    </ConfirmDialog>
  );
}

/** The last command's outcome: under way, the unit's answer, or its refusal. */
function outcomeOf(c: AntennaCommands): string | null {
  const m = c.mutation;
  if (m.isPending) return "Sending…";
  if (m.isSuccess) return answerText(m.data);
  if (m.isError) return `Not done: ${refusalText(m.error)}`;
  return null;
}

export interface PortControlsProps {
  base: string;
  /** The channel id (zero-based). */
  id: number;
  enabled: boolean;
  /** Its power now, dB (uhf/config's). */
  power?: number | undefined;
}

export function PortControls({ base, id, enabled, power }: PortControlsProps) {
  const c = useAntennaCommands(base);
  const [text, setText] = useState("");
  const [check, setCheck] = useState<string | null>(null);
  const m = c.mutation;
  // A refused power is said under the input (tied to it); any other outcome on the tile's status line.
  const powerAsked = m.variables?.cmd === "UHF_PORT" && m.variables.args[2] !== "";
  const refused = m.isError && powerAsked ? refusalText(m.error) : null;
  return (
    <>
      <PortControlsView
        n={String(id + 1)}
        enabled={enabled}
        power={power}
        busy={c.checking || m.isPending}
        text={text}
        onText={(t) => {
          setText(t);
          setCheck(null);
          if (m.isError) m.reset();
        }}
        onIdentify={() => c.ask(identifyCall())}
        onSwitch={() => c.ask(switchCall(id, !enabled))}
        onPower={() => {
          const call = powerCall(id, enabled, text, power);
          if ("reason" in call) return setCheck(call.reason);
          setCheck(null);
          c.ask(call, () => setText(""));
        }}
        reason={check ?? refused}
        outcome={refused ? null : outcomeOf(c)}
      />
      <TimingQuestion commands={c} />
    </>
  );
}

export interface UnitControlsProps {
  base: string;
  transmitter: "ON" | "OFF" | undefined;
  /** An older unit (no tiles): Identify antennas on the card. */
  identify: boolean;
}

export function UnitControls({ base, transmitter, identify }: UnitControlsProps) {
  const c = useAntennaCommands(base);
  return (
    <>
      <TransmitterView
        transmitter={transmitter}
        busy={c.checking || c.mutation.isPending}
        identify={identify}
        onSwitch={(on) => c.ask(transmitterCall(on))}
        onIdentify={() => c.ask(identifyCall())}
        outcome={outcomeOf(c)}
      />
      <TimingQuestion commands={c} />
    </>
  );
}
