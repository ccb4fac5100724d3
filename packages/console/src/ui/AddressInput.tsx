// An address text field (a unit's, the device backend's): a refused value is marked invalid, described by its reason.
export interface AddressInputProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  /** Why the last value was refused, or null; shown by the element `${id}-reason`. */
  refused: string | null;
  onChange(value: string): void;
}

export function AddressInput({ id, label, placeholder, value, refused, onChange }: AddressInputProps) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="url"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        aria-invalid={refused ? true : undefined}
        aria-describedby={`${id}-reason`}
        spellCheck={false}
      />
    </>
  );
}

/** The reason under an address field (empty while none; an alert when it appears). */
export function AddressReason({ id, refused }: { id: string; refused: string | null }) {
  return (
    <p id={`${id}-reason`} className="field-reason" role="alert">
      {refused ?? ""}
    </p>
  );
}
