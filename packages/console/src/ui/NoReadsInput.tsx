// The Passings card's 'Minutes without reads before an alarm' input (0 = off), kept in browser storage.
import { useState } from "react";
import { useAlarms } from "../shared/alarms/alarmStore.ts";

export function NoReadsInput() {
  const minutes = useAlarms((s) => s.noReadsMinutes);
  const [text, setText] = useState(String(minutes));
  const valid = /^\d{1,5}$/.test(text.trim());
  return (
    <label className="no-reads">
      Minutes without reads before an alarm{" "}
      <input
        type="number"
        min={0}
        step={1}
        value={text}
        aria-invalid={!valid}
        onChange={(e) => {
          setText(e.target.value);
          if (/^\d{1,5}$/.test(e.target.value.trim()))
            useAlarms.getState().setNoReadsMinutes(Number(e.target.value));
        }}
        style={{ width: "5rem" }}
      />
      {!valid && <span className="field-reason"> A whole number of minutes, 0 = off</span>}
    </label>
  );
}
