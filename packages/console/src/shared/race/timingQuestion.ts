// D12's second confirmation as page state: the question while it is open and what waits on its answer, kept as data.
// The Configuration page's Submit and import and a profile's Apply and Undo ask through it (ui/TimingConfirm shows it).
import { useState } from "react";
import type { TimingConfirmation } from "./timingGuard.ts";

/** Goes on with what was held: `declined` are the units the operator answered No for (none after Yes, or unasked). */
export type GoOn<T> = (held: T, declined: readonly TimingConfirmation[]) => void;

export interface TimingQuestion<T> {
  /** The units and settings asked about, while the question is open (null: closed). */
  asks: readonly TimingConfirmation[] | null;
  /** Goes on with `held` at once when `asks` is empty, else opens the question and holds it until the answer. */
  confirm(asks: readonly TimingConfirmation[], held: T): void;
  /** The operator's answer: Yes goes on with nothing declined, No with every unit asked about declined. */
  onAnswer(yes: boolean): void;
}

export function useTimingQuestion<T>(goOn: GoOn<T>): TimingQuestion<T> {
  const [open, setOpen] = useState<{ asks: readonly TimingConfirmation[]; held: T } | null>(null);
  return {
    asks: open?.asks ?? null,
    confirm(asks, held) {
      if (asks.length) setOpen({ asks, held });
      else goOn(held, []);
    },
    onAnswer(yes) {
      if (!open) return;
      setOpen(null);
      goOn(open.held, yes ? [] : open.asks);
    },
  };
}
