// Export… on the Timing page's sessions, against the scripted unit (test/timingUnit.fakes.tsx) serving a session file:
// the one dialog with the formats and the options' limits, a wrong option's reason under its input (Download then
// keeps the dialog and reads nothing), Download reading the file through the API client and saving the chosen format
// built from it, and a file the unit refuses.

import { fireEvent, screen, within } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { button, open, scriptTimingUnit, settle } from "../../test/timingUnit.fakes.tsx";
import CROSSMGR from "../shared/export/fixtures/timing_0007.crossmgr.txt?raw";
import SESSION from "../shared/export/fixtures/timing_0007.csv?raw";
import { download } from "../ui/download.ts";

vi.mock("../ui/download.ts", () => ({ download: vi.fn() }));

scriptTimingUnit();

/** The file downloads the unit was asked for. */
let reads: string[] = [];
beforeAll(async () => {
  // The export's lazy chunk, loaded once: the dialog's import() then resolves at once on the fake clock.
  await import("../shared/export/ExportFields.tsx");
  await import("../shared/export/build.ts");
});
beforeEach(() => {
  reads = [];
  vi.mocked(download).mockClear();
  const unit = globalThis.fetch;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(String(url));
      if (u.pathname !== "/api/filesystem/download") return unit(url, init);
      const name = u.searchParams.get("fileName") ?? "";
      reads.push(name);
      return name === "timing_0002.csv"
        ? new Response(SESSION, { status: 200, headers: { "Content-Type": "text/csv; charset=utf-8" } })
        : new Response(JSON.stringify({ error: `No file named ${name}` }), { status: 404 });
    }),
  );
});

const dialog = () => screen.getByRole("dialog", { name: "Export timing_0002.csv" });
async function openExport(file = "timing_0002.csv") {
  await open();
  fireEvent.click(button(`Export ${file}`));
  await settle();
}

describe("Export… on a session", () => {
  it("opens the one dialog: the four formats (RACE RESULT chosen), the options with their limits in the unit's local time", async () => {
    await openExport();
    const d = dialog();
    expect(
      within(d)
        .getAllByRole("radio")
        .map((r) => r.closest("label")?.textContent),
    ).toEqual([
      "RACE RESULT passings (txt)The decoder's passing record, one line a passing: read it as a passings file.",
      "ChronoTrack style CSV (csv)TO lines as a ChronoTrack controller's raw CSV file.",
      "CrossMgr chip import (txt)Tag,Timestamp in local time, for Chip Reader › Import (the Impinj format).",
      "Generic CSV (csv)Every field the unit has, with a header: UTC and local time, antenna, RSSI, reads.",
    ]);
    expect(within(d).getByRole("radio", { name: /RACE RESULT passings/ })).toBeChecked();
    const window =
      "Passings outside are left out. The unit's local time (UTC+02:00), dd-MM-yyyy HH:mm:ss, both seconds included; empty: no limit.";
    expect(within(d).getByLabelText("Ignore before")).toHaveAccessibleDescription(window);
    expect(within(d).getByLabelText("Ignore after")).toHaveAccessibleDescription(window);
    expect(within(d).getByLabelText("Offset (ms)")).toHaveAccessibleDescription(
      "Added to every time before the window, -86400000 to 86400000: a unit whose clock was 1.5 s behind, 1500.",
    );
    expect(
      within(d).getByRole("checkbox", { name: "Markers in (the gun: passings with the tag MARKER)" }),
    ).toBeChecked();
    // Cancel closes it and reads nothing.
    fireEvent.click(within(d).getByRole("button", { name: "Cancel" }));
    await settle();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(reads).toEqual([]);
  });

  it("a wrong option's reason shows under its input once left; Download with it keeps the dialog and reads nothing", async () => {
    await openExport();
    const offset = within(dialog()).getByLabelText("Offset (ms)");
    fireEvent.change(offset, { target: { value: "1.5" } });
    expect(within(dialog()).queryByText(/^Offset: /)).toBeNull();
    fireEvent.blur(offset);
    const reason = "Offset: a whole number of milliseconds from -86400000 to 86400000";
    expect(within(dialog()).getByText(reason)).toBeVisible();
    expect(offset).toHaveAttribute("aria-invalid", "true");
    // An Ignore after not yet left says nothing; Download shows every reason.
    fireEvent.change(within(dialog()).getByLabelText("Ignore after"), { target: { value: "17-05-2026" } });
    fireEvent.click(within(dialog()).getByRole("button", { name: "Download" }));
    await settle();
    expect(within(dialog()).getByLabelText("Offset (ms)")).toHaveValue("1.5");
    expect(within(dialog()).getByText(reason)).toBeVisible();
    expect(
      within(dialog()).getByText(
        "Ignore after: not a real date and time: use dd-MM-yyyy HH:mm:ss, the unit's local time",
      ),
    ).toBeVisible();
    expect(reads).toEqual([]);
    expect(download).not.toHaveBeenCalled();
  });

  it("Download reads the session file from the unit and saves the chosen format built from it; the page says what it holds", async () => {
    await openExport();
    fireEvent.click(within(dialog()).getByRole("radio", { name: /CrossMgr chip import/ }));
    fireEvent.click(within(dialog()).getByRole("button", { name: "Download" }));
    await settle();
    await settle();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(reads).toEqual(["timing_0002.csv"]);
    expect(download).toHaveBeenCalledTimes(1);
    expect(vi.mocked(download).mock.calls[0]).toEqual([
      "timing_0002.crossmgr.txt",
      CROSSMGR,
      "text/plain;charset=utf-8",
    ]);
    const sessions = screen.getByRole("region", { name: "Sessions" });
    expect(
      within(sessions).getByText(
        "Exported 4 passings of timing_0002.csv to timing_0002.crossmgr.txt; 1 row of the file not understood",
      ),
    ).toBeVisible();

    // The dialog keeps what was chosen: RACE RESULT with the gun left out and a window says how many it left out.
    fireEvent.click(button("Export timing_0002.csv"));
    await settle();
    expect(within(dialog()).getByRole("radio", { name: /CrossMgr chip import/ })).toBeChecked();
    fireEvent.click(within(dialog()).getByRole("radio", { name: /RACE RESULT passings/ }));
    fireEvent.click(within(dialog()).getByRole("checkbox", { name: /^Markers in/ }));
    fireEvent.change(within(dialog()).getByLabelText("Ignore after"), {
      target: { value: "17-05-2026 09:00:07" },
    });
    fireEvent.click(within(dialog()).getByRole("button", { name: "Download" }));
    await settle();
    await settle();
    expect(vi.mocked(download).mock.calls[1]?.[0]).toBe("timing_0002.raceresult.txt");
    expect(vi.mocked(download).mock.calls[1]?.[1]).toBe(
      [
        "1;E28011606000020000000123;2026-05-17;09:00:03.824;0;3;-58;;0;;;;;;;;;2;1;",
        "3;E28011606000020000000456;2026-05-17;09:00:07.105;0;12;-61;;0;;;;;;;;;2;2;",
        "",
      ].join("\r\n"),
    );
    expect(
      within(sessions).getByText(
        "Exported 2 passings of timing_0002.csv to timing_0002.raceresult.txt (2 left out by the options); 1 row of the file not understood",
      ),
    ).toBeVisible();
  });

  it("a file the unit refuses: its reason where the sessions are, nothing saved", async () => {
    await openExport("timing_0001.csv");
    fireEvent.click(
      within(screen.getByRole("dialog", { name: "Export timing_0001.csv" })).getByRole("button", {
        name: "Download",
      }),
    );
    await settle();
    await settle();
    expect(reads).toEqual(["timing_0001.csv"]);
    expect(download).not.toHaveBeenCalled();
    expect(within(screen.getByRole("region", { name: "Sessions" })).getByRole("alert")).toHaveTextContent(
      "Could not export timing_0001.csv: HTTP 404: No file named timing_0001.csv",
    );
  });
});
