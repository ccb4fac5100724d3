// The manual time command's date-time picker: text yy-MM-dd HH:mm:ss plus a native picker and 'Now' (local time).
import { formatPickerDate } from "@trc/protocol";
import { nativeToPicker, pickerToNative } from "./dateInput.ts";

interface Props {
  id: string;
  value: string;
  onChange(value: string): void;
  describedBy: string;
  invalid: boolean;
}

export function DateTimeField({ id, value, onChange, describedBy, invalid }: Props) {
  return (
    <span className="cmd-datetime">
      <input
        id={id}
        type="text"
        inputMode="numeric"
        className="mono"
        placeholder="yy-MM-dd HH:mm:ss"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        aria-invalid={invalid}
        aria-describedby={describedBy}
      />
      <input
        type="datetime-local"
        step="1"
        aria-label="Pick date and time"
        value={pickerToNative(value)}
        onChange={(e) => {
          const text = nativeToPicker(e.currentTarget.value);
          if (text) onChange(text);
        }}
      />
      <button type="button" className="btn btn-small" onClick={() => onChange(formatPickerDate(new Date()))}>
        Now
      </button>
    </span>
  );
}
