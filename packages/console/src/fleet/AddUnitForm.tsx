// The fleet's "Unit address" input and "Add unit" button; a refused address says why under the input.
import { useState } from "react";
import { AddressInput, AddressReason } from "../ui/AddressInput.tsx";
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
      <AddressInput
        id="fleet-address"
        label="Unit address"
        placeholder="http://192.168.4.2"
        value={draft}
        refused={refused}
        onChange={(value) => {
          setDraft(value);
          setRefused(null);
        }}
      />
      <button type="submit" className="btn btn-primary">
        Add unit
      </button>
      <AddressReason id="fleet-address" refused={refused} />
    </form>
  );
}
