// The read list: newest first, and a paused view whose reads dropped off the kept ones says so (not "No reads yet.").

import { render, screen } from "@testing-library/react";
import type { TagRead } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { ReadList } from "./ReadList.tsx";
import { ReadLog } from "./readLog.ts";

const r = (seq: number): TagRead => ({ seq, tag: `T${seq}`, ant: 0, rssi: -60, time: 1e12 + seq });
const PUSHED_OUT = "Newer reads pushed out the paused ones: Resume shows the newest.";

/** The list as the page renders it, `shownTotal` its newest position (where Pause froze it). */
const list = (log: ReadLog, shownTotal: number) => (
  <ReadList log={log} shownTotal={shownTotal} tag={null} onPick={() => {}} version={log.total} />
);
const shownSeqs = () => screen.queryAllByRole("listitem").map((li) => li.getAttribute("data-seq"));

describe("ReadList", () => {
  it("a paused view keeps its frozen reads while kept, then says newer reads pushed them out", () => {
    const log = new ReadLog(3);
    const view = render(list(log, 0));
    expect(screen.getByText("No reads yet.")).toBeInTheDocument();
    log.push([r(1), r(2), r(3)], 0);
    // Paused at 3 reads; one more arrives: the oldest frozen read drops off, the others stay as frozen.
    log.push([r(4)], 0);
    view.rerender(list(log, 3));
    expect(shownSeqs()).toEqual(["3", "2"]);
    // Capacity-many reads since Pause: none of the frozen ones is kept.
    log.push([r(5), r(6)], 0);
    view.rerender(list(log, 3));
    expect(shownSeqs()).toEqual([]);
    expect(screen.getByText(PUSHED_OUT)).toBeInTheDocument();
    expect(screen.queryByText("No reads yet.")).toBeNull();
  });
});
