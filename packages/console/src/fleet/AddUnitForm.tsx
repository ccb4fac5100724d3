// The fleet's "Unit address" input and "Add unit" button; a refused address says why under the input.
import { useState } from "react";
import { useFleetUnits } from "./units.ts";

export function AddUnitForm() {
  const [draft, setDraft] = useState("");
  const [refused, setRefused] = useState<string | null>(null);
  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const reason = useFleetUnits.getState().add(draft);
    setRefused(reason);
    if (!reason) setDraft("");
  };
  return (
    <form className="panel fleet-add" onSubmit={submit} noValidate>
      <label htmlFor="fleet-address">Unit address</label>
      <input
        id="fleet-address"
        type="text"
        inputMode="url"
        placeholder="http://192.168.4.2"
        value={draft}
        onChange={(e) => {
          setDraft(e.currentTarget.value);
          setRefused(null);
        }}
        aria-invalid={refused ? true : undefined}
        aria-describedby="fleet-address-reason"
        spellCheck={false}
      />
      <button type="submit" className="btn btn-primary">
        Add unit
      </button>
      <p id="fleet-address-reason" className="field-reason" role="alert">
        {refused ?? ""}
      </p>
    </form>
  );
}
