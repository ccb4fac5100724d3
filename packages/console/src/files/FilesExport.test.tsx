// Export… on the Files page: only a timing file has it; Download reads the file from the unit and saves the generic
// CSV built from it with the unit's name and zone; a file that is not a session is refused with the reason.
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../test-utils.tsx";
import SESSION from "../shared/export/fixtures/timing_0007.csv?raw";
import GENERIC from "../shared/export/fixtures/timing_0007.passings.csv?raw";
import { selectUnit } from "../shared/unit/unit.ts";
import { download } from "../ui/download.ts";
import FilesPage from "./FilesPage.tsx";

vi.mock("../ui/download.ts", () => ({ download: vi.fn() }));

const UNIT = "http://10.7.0.2";
const FILES: Record<string, string> = {
  "timing_0007.csv": SESSION,
  "timing_0008.csv": "a,b\n1,2\n",
  "status.log": "boot\n",
};
let reads: string[] = [];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  reads = [];
  vi.mocked(download).mockClear();
  localStorage.clear();
  selectUnit(UNIT);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const u = new URL(String(url));
      switch (u.pathname) {
        case "/api/filesystem/getAll":
          return json({ files: Object.entries(FILES).map(([name, text]) => ({ name, size: text.length })) });
        case "/api/telemetry/time/sources":
          return json({ sources: [{ name: "rtc", accuracy: 500, time: Date.now() }], utc_offset: 7200 });
        case "/api/config/deviceName":
          return json({ deviceName: "DECODER-01", mode: "uhf" });
        case "/api/filesystem/download": {
          const name = u.searchParams.get("fileName") ?? "";
          reads.push(name);
          return new Response(FILES[name] ?? "", { status: name in FILES ? 200 : 404 });
        }
        default:
          return json({ error: "Not found" }, 404);
      }
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  selectUnit("");
});

async function exportAs(file: string, format: RegExp) {
  fireEvent.click(await screen.findByRole("button", { name: `Export ${file}` }));
  const dialog = await screen.findByRole("dialog", { name: `Export ${file}` });
  fireEvent.click(await within(dialog).findByRole("radio", { name: format }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Download" }));
}

describe("Export… on the Files page", () => {
  it("only timing files have it; Download saves the generic CSV built from the unit's file, with its name and zone", async () => {
    renderPage("/files", <FilesPage />);
    await screen.findByText("status.log");
    expect(
      screen.getAllByRole("button", { name: /^Export / }).map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Export timing_0007.csv", "Export timing_0008.csv"]);
    await exportAs("timing_0007.csv", /Generic CSV/);
    await screen.findByText(
      "Exported 4 passings of timing_0007.csv to timing_0007.passings.csv; 1 row of the file not understood",
    );
    expect(reads).toEqual(["timing_0007.csv"]);
    expect(vi.mocked(download).mock.calls).toEqual([
      ["timing_0007.passings.csv", GENERIC, "text/csv;charset=utf-8"],
    ]);
  });

  it("a timing file that is not a session: the reason, nothing saved", async () => {
    renderPage("/files", <FilesPage />);
    await exportAs("timing_0008.csv", /ChronoTrack/);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Could not export timing_0008.csv: timing_0008.csv is not a timing session file: its first line is not tag,bib,time_utc,channel,rssi_dbm,reads",
    );
    expect(download).not.toHaveBeenCalled();
  });
});
