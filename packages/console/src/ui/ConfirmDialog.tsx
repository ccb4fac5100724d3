// A small modal question with two answers (native <dialog>): Escape or the cancel button answers no.
import { type ReactNode, useEffect, useEffectEvent, useId, useRef } from "react";

export interface ConfirmDialogProps {
  /** Shown while true. */
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The confirm button is red: for deleting and clearing. */
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, children, confirmLabel, cancelLabel, danger, onConfirm, onCancel } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const answered = useRef(false);
  const cancel = useEffectEvent(() => onCancel());

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      answered.current = false;
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    } else if (!open && dialog.open) {
      answered.current = true;
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape closes a modal dialog natively: that is a "no".
    const closed = () => {
      if (!answered.current) cancel();
      answered.current = true;
    };
    dialog.addEventListener("close", closed);
    return () => dialog.removeEventListener("close", closed);
  }, []);

  const answer = (yes: boolean) => {
    answered.current = true;
    ref.current?.close();
    if (yes) onConfirm();
    else onCancel();
  };

  return (
    <dialog
      ref={ref}
      className="panel"
      aria-labelledby={titleId}
      style={{ color: "var(--fg)", maxWidth: "min(30rem, 92vw)" }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      <div style={{ display: "flex", justifyContent: "flex-end", gap: "0.5rem", marginTop: "0.8rem" }}>
        <button type="button" className="btn" onClick={() => answer(false)}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={`btn ${danger ? "btn-danger" : "btn-primary"}`}
          onClick={() => answer(true)}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
