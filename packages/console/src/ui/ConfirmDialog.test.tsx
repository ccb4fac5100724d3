// The confirm dialog: shows its question, answers yes or no, and Escape (close) counts as no.
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "./ConfirmDialog.tsx";

function setup(open = true) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const view = render(
    <ConfirmDialog
      open={open}
      title="Delete file?"
      confirmLabel="Delete"
      cancelLabel="Cancel"
      danger
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>timing_0001.csv</p>
    </ConfirmDialog>,
  );
  return { onConfirm, onCancel, view };
}

describe("ConfirmDialog", () => {
  it("shows the question and its detail when open", () => {
    setup();
    const dialog = screen.getByRole("dialog", { name: "Delete file?" });
    expect(dialog).toHaveProperty("open", true);
    expect(dialog).toHaveTextContent("timing_0001.csv");
  });

  it.each([
    ["Delete", 1, 0],
    ["Cancel", 0, 1],
  ])("%s answers once", (label, yes, no) => {
    const { onConfirm, onCancel } = setup();
    fireEvent.click(screen.getByRole("button", { name: label }));
    expect(onConfirm).toHaveBeenCalledTimes(yes);
    expect(onCancel).toHaveBeenCalledTimes(no);
  });

  it("a close without an answer (Escape) is a no", () => {
    const { onConfirm, onCancel } = setup();
    const dialog = screen.getByRole("dialog", { name: "Delete file?" }) as HTMLDialogElement;
    dialog.close();
    dialog.dispatchEvent(new Event("close"));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("an urgent question (FS_CLEAR) is an alert dialog, shown modal", () => {
    render(
      <ConfirmDialog
        open
        alert
        title="Clear History"
        confirmLabel="Yes"
        cancelLabel="No"
        danger
        onConfirm={vi.fn()}
        onCancel={vi.fn()}
      >
        <p>All timing and status data will be deleted. Are you really sure?</p>
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole("alertdialog", { name: "Clear History" });
    expect(dialog).toHaveProperty("open", true);
    expect(dialog).toHaveTextContent("Are you really sure?");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("is not shown while closed", () => {
    setup(false);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
