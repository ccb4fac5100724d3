// The stage panel shows each stage's texts and buttons; an unknown stage shows the out-of-bounds text.

import { fireEvent, render, screen } from "@testing-library/react";
import { makeTestImage } from "@trc/protocol";
import { describe, expect, it, vi } from "vitest";
import { FINISHED_TEXT, NOT_BACK_TEXT } from "./FinishedPanel.tsx";
import { StagePanel } from "./StagePanel.tsx";
import { emptyLoad, type FirmwareState, INITIAL_STATE, type LocalImage } from "./stages.ts";

const image: LocalImage = {
  name: "fw.bin",
  size: 8192,
  bytes: makeTestImage({ size: 8192, version: "2.0.0" }),
  sha256: "0f".repeat(32),
  info: {
    secureVersion: 0,
    version: "2.0.0",
    projectName: "trc-decoder",
    time: "12:00:00",
    date: "Nov 22 2026",
    idfVersion: "v5.3.1",
  },
};

function show(patch: Partial<FirmwareState>) {
  const actions = { choose: vi.fn(), loadFirmware: vi.fn(), retry: vi.fn(), finalize: vi.fn() };
  render(<StagePanel state={{ ...INITIAL_STATE, ...patch }} actions={actions} />);
  return actions;
}

describe("StagePanel", () => {
  it("START offers a .bin chooser and shows a refusal", () => {
    show({ error: "Only .bin files are accepted (a.txt)" });
    expect(screen.getByLabelText("Firmware image (.bin)")).toHaveAttribute("accept", ".bin");
    expect(screen.getByTestId("stage-error").textContent).toBe("Only .bin files are accepted (a.txt)");
  });

  it("UPLOADING shows the read percentage", () => {
    show({ stage: "UPLOADING", fileName: "fw.bin", readFraction: 0.427 });
    expect(screen.getByText("Reading fw.bin...")).toBeVisible();
    expect(screen.getByTestId("read-percent").textContent).toBe("42 %");
  });

  it("UPLOADING_FAILED says Upload Failed... with the reason, and Retry", () => {
    const actions = show({ stage: "UPLOADING_FAILED", error: "Not an ESP32 image" });
    expect(screen.getByText("Upload Failed...")).toBeVisible();
    expect(screen.getByTestId("stage-error").textContent).toBe("Not an ESP32 image");
    fireEvent.click(screen.getByText("Retry"));
    expect(actions.retry).toHaveBeenCalledOnce();
  });

  it("UPLOADED shows the image details and Load Firmware", () => {
    const actions = show({ stage: "UPLOADED", image });
    expect(screen.getByTestId("image-size").textContent).toBe("8192 bytes");
    expect(screen.getByTestId("image-sha256").textContent).toBe("0f".repeat(32));
    expect(screen.getByTestId("image-project").textContent).toBe("trc-decoder");
    expect(screen.getByTestId("image-version").textContent).toBe("2.0.0");
    fireEvent.click(screen.getByText("Load Firmware"));
    expect(actions.loadFirmware).toHaveBeenCalledOnce();
  });

  it("DOWNLOADING shows the figures and a retry in progress", () => {
    const load = {
      ...emptyLoad(8192, 0),
      sent: 4096,
      now: 1000,
      failuresInRow: 2,
      failuresTotal: 3,
      lastFailure: "chunk at byte 4096: HTTP 500",
    };
    show({ stage: "DOWNLOADING", image, load });
    expect(screen.getByTestId("load-bytes").textContent).toBe("4096 / 8192 bytes");
    expect(screen.getByTestId("load-percent").textContent).toBe("50 %");
    expect(screen.getByTestId("load-speed").textContent).toBe("4.1 kB/s");
    expect(screen.getByTestId("load-time-left").textContent).toBe("1 s left");
    expect(screen.getByTestId("load-retrying").textContent).toBe(
      "Chunk failed (2 in a row, the load stops at 20): chunk at byte 4096: HTTP 500. Retrying...",
    );
  });

  it("DOWNLOADING_FAILED after a 409 says another upload holds the unit, and Retry tries again", () => {
    const actions = show({
      stage: "DOWNLOADING_FAILED",
      image,
      error: "Another upload is in progress on this unit",
      load: emptyLoad(8192, 0),
    });
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Load Failed...Another upload is in progress on this unit",
    );
    expect(screen.getByTestId("busy-hint").textContent).toBe(
      "Nothing was sent. Press Retry once the other upload has finished; an upload that stopped frees the unit 30 s after its last chunk.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(actions.retry).toHaveBeenCalledOnce();
  });

  it("DOWNLOADING_FAILED for another reason has no such hint", () => {
    show({
      stage: "DOWNLOADING_FAILED",
      image,
      error: "20 failures in a row; last: x",
      load: emptyLoad(8192, 0),
    });
    expect(screen.queryByTestId("busy-hint")).toBeNull();
  });

  it("DOWNLOADED offers Finalize", () => {
    const actions = show({ stage: "DOWNLOADED", image, load: { ...emptyLoad(8192, 0), sent: 8192 } });
    expect(screen.getByText("The unit acknowledged all 8192 bytes.")).toBeVisible();
    fireEvent.click(screen.getByText("Finalize"));
    expect(actions.finalize).toHaveBeenCalledOnce();
  });

  it.each([
    [{ reboot: "waiting-down" as const }, "Waiting for the unit to apply the image and restart..."],
    [
      { reboot: "back" as const, reportedVersion: "2.0.0" },
      "The unit is back and reports firmware version 2.0.0.That is the version of the image you loaded.",
    ],
    [
      { reboot: "back" as const, reportedVersion: "1.0.0" },
      "The unit is back and reports firmware version 1.0.0.The image you loaded is version 2.0.0: the unit did not switch to it.",
    ],
    [
      { reboot: "back" as const, versionError: "HTTP 500" },
      "The unit is back, but its firmware version could not be read: HTTP 500",
    ],
    [{ reboot: "timeout" as const }, NOT_BACK_TEXT],
  ])("FINISHED tells the reboot text, Refresh, and %j", (patch, unitText) => {
    show({ stage: "FINISHED", image, ...patch });
    expect(screen.getByText(FINISHED_TEXT)).toBeVisible();
    expect(screen.getByRole("button", { name: "Refresh" })).toBeVisible();
    expect(screen.getByTestId("unit-status").textContent?.trim()).toBe(unitText);
  });

  it("an unknown stage shows the out-of-bounds text with the stage", () => {
    show({ stage: "SIDEWAYS" });
    expect(screen.getByRole("alert").textContent).toBe("State Out of bounts! SIDEWAYS");
  });
});
