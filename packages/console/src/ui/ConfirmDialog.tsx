// The one modal question with two answers (native <dialog>): in the page only while open; Escape or cancel is "no".
import { type ReactNode, useEffect, useEffectEvent, useId, useRef } from "react";

export interface ConfirmDialogProps {
  /** Shown (and mounted) while true. */
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The confirm button is red: for deleting and clearing. */
  danger?: boolean;
  /** An urgent question about losing data (FS_CLEAR): announced as an alert dialog. */
  alert?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  return props.open ? <OpenDialog {...props} /> : null;
}

function OpenDialog(props: ConfirmDialogProps) {
  const { title, children, confirmLabel, cancelLabel, danger, alert, onConfirm, onCancel } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const answered = useRef(false);
  const cancel = useEffectEvent(() => onCancel());

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape closes a modal dialog natively: that is a "no" (a close from an unmount, or one the dialog has since
    // been shown again after, is not).
    const closed = () => {
      if (!answered.current && !dialog.open) cancel();
      answered.current = true;
    };
    dialog.addEventListener("close", closed);
    answered.current = false;
    // The browser focuses the first button: the safe answer.
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    return () => {
      dialog.removeEventListener("close", closed);
      answered.current = true;
      if (dialog.open) dialog.close();
    };
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
      role={alert ? "alertdialog" : undefined}
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
