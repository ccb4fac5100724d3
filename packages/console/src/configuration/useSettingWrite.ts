// The configuration page's write: a set through its mutation, recorded on the setting's input, and D12's second
// confirmation before a setting that changes the passings is set on a unit that is (or may be) timing.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ConfigValue } from "@trc/protocol";
import type { ActionDispatch } from "react";
import { modeNow } from "../shared/race/timing.ts";
import { notSentWhileTiming, unitConfirmations } from "../shared/race/timingGuard.ts";
import { useTimingQuestion } from "../shared/race/timingQuestion.ts";
import { sendWrite } from "../shared/settings/checkedWrite.ts";
import { writeSetting } from "../shared/settings/configSet.ts";
import { noAnswerResult, type SaveResult } from "../shared/settings/saveResult.ts";
import { useApiBase } from "../shared/unit/deviceSettings.ts";
import { useRestart } from "../shared/unit/restartStore.ts";
import type { EditAction } from "./configEdits.ts";

interface Held {
  name: string;
  value: ConfigValue;
}

/** `dispatch`: the page's edits; `version`: the configuration query's answer now (a value set lands on it). */
export function useSettingWrite(dispatch: ActionDispatch<[EditAction]>, version: () => number) {
  const base = useApiBase();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: ({ name, value }: Held) => writeSetting(base, name, value),
    // A setting changed: the restart banner until the unit restarts.
    onSuccess: (_answer, { name }) => useRestart.getState().configChanged(name),
  });

  /** Sends one value now and records its result (SPEC §8's words, or why no answer came) on its input. */
  const send = async (name: string, value: ConfigValue): Promise<SaveResult> => {
    dispatch({ type: "submit", name });
    const result = await sendWrite(() => save.mutateAsync({ name, value }));
    dispatch({ type: "saved", name, value, result, version: version() });
    return result;
  };

  /** Records on its input a value that was not sent, with why (`result`). */
  const notSent = (name: string, value: ConfigValue, result: SaveResult): SaveResult => {
    dispatch({ type: "submit", name });
    dispatch({ type: "saved", name, value, result, version: 0 });
    return result;
  };

  /** D12's question for settings about to be set on this unit, its mode read afresh when the header's is over 5 s old. */
  const asksFor = (settings: readonly string[]) =>
    unitConfirmations(base, settings, () => modeNow(client, base));

  const question = useTimingQuestion<Held>(({ name, value }, declined) => {
    const no = declined[0];
    if (no) notSent(name, value, noAnswerResult(notSentWhileTiming(no)));
    else void send(name, value);
  });

  /** Sets one value, asking D12's question first when it changes the passings of a unit that is (or may be) timing. */
  const set = async (name: string, value: ConfigValue): Promise<void> => {
    dispatch({ type: "submit", name });
    question.confirm(await asksFor([name]), { name, value });
  };

  return { set, send, notSent, asksFor, question };
}

export type SettingWrite = ReturnType<typeof useSettingWrite>;
