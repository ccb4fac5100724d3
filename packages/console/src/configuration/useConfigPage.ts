// The configuration page's hook, its parts put together: read (the query, useConfigRead), edit (the operator's edits,
// configEdits), write and D12's confirmation (useSettingWrite), and here the conflict: a Submit is sent only while the
// unit still has the value the page showed, else the operator is asked (shared/settings/checkedWrite.ts).
import type { ConfigValue } from "@trc/protocol";
import { useReducer } from "react";
import { useFlags } from "../shared/access/flags.ts";
import { checkWrite, notReadResult } from "../shared/settings/checkedWrite.ts";
import { type ConflictAnswer, conflictStep } from "../shared/settings/conflict.ts";
import { type Draft, readDraft } from "../shared/settings/settingRules.ts";
import { useDeviceName } from "../shared/unit/unit.ts";
import { configView, editsReducer } from "./configEdits.ts";
import { useConfigRead } from "./useConfigRead.ts";
import { useSettingWrite } from "./useSettingWrite.ts";

export function useConfigPage() {
  const read = useConfigRead();
  const [edits, dispatch] = useReducer(editsReducer, {});
  const state = configView(read.snapshot, edits);
  const write = useSettingWrite(dispatch, read.version);
  const authOn = useFlags((s) => s.flags.config.useAuth);
  const deviceName = useDeviceName();
  const itemOf = (name: string) => state.items.find((i) => i.name_internal === name);

  const edit = (name: string, draft: Draft) => {
    const item = itemOf(name);
    if (item) dispatch({ type: "edit", name, draft, item });
  };

  /**
   * Submits an input: its draft is checked against the limits first (nothing is sent past them); then the unit's
   * value is read again and, when it is no longer the one the page showed, the operator is asked instead.
   */
  const submit = async (name: string) => {
    const item = itemOf(name);
    const field = state.fields[name];
    if (!item || !field || field.busy) return;
    const value = readDraft(item, field.draft).value;
    if (value === undefined) return;
    dispatch({ type: "submit", name });
    let now: ConfigValue | undefined;
    try {
      now = (await read.reread()).items.find((i) => i.name_internal === name)?.value_current;
    } catch (err) {
      write.notSent(name, value, notReadResult(err));
      return;
    }
    const check = checkWrite({ setting: name, value, expected: field.shown }, now, { sendSame: true });
    if (check.status === "conflict") dispatch({ type: "conflict", name, conflict: check.conflict });
    else await write.set(name, value);
  };

  /** The operator's answer to "Changed on the unit since you opened this page". */
  const resolve = (name: string, answer: ConflictAnswer) => {
    const conflict = state.fields[name]?.conflict;
    if (!conflict) return;
    const step = conflictStep(conflict, answer);
    if ("send" in step) void write.set(name, step.send);
    else if ("take" in step) dispatch({ type: "keep", name });
    else dispatch({ type: "editFurther", name });
  };

  const question = { asks: write.question.asks, onAnswer: write.question.onAnswer, nameOf: () => deviceName };
  return {
    state,
    refresh: read.refresh,
    reread: read.reread,
    edit,
    submit,
    resolve,
    write,
    question,
    authOn,
  };
}
