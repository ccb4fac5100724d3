// The reads (or passings), newest first, as a windowed table: only the rows in view (and a few around) are in the page.
import { useState } from "react";
import { antennaName, rssiText, unitTime } from "./liveFormat.ts";
import type { ReadLog } from "./readLog.ts";

/** Every row is this tall (px): the list's windowing depends on it (live.css says the same). */
export const ROW_PX = 28;
const VIEW_PX = 448;
const OVERSCAN = 6;

interface ReadListProps {
  log: ReadLog;
  /** The newest position shown (the log's total, or where Pause froze the view). */
  shownTotal: number;
  /** The tag test's tag: its rows are highlighted. */
  tag: string | null;
  onPick(tag: string): void;
  /** Bumped when the log changed (the list reads the log itself). */
  version: number;
  /** The log holds passings, not reads: the list says so. */
  passings?: boolean;
}

export function ReadList({ log, shownTotal, tag, onPick, passings = false }: ReadListProps) {
  const what = passings ? "passings" : "reads";
  const [top, setTop] = useState(0);
  const oldest = Math.max(log.first, 0);
  const rows = Math.max(0, shownTotal - oldest);
  const from = Math.max(0, Math.floor(top / ROW_PX) - OVERSCAN);
  const to = Math.min(rows, Math.ceil((top + VIEW_PX) / ROW_PX) + OVERSCAN);
  const shown = [];
  for (let i = from; i < to; i++) {
    const read = log.at(shownTotal - 1 - i);
    if (!read) continue;
    const mine = tag !== null && read.tag === tag;
    shown.push(
      <li
        key={read.seq}
        className={mine ? "read-row read-mine" : "read-row"}
        // Placed by a transform, not by top: a new read moving the rows down is the list scrolling, not the layout.
        style={{ transform: `translateY(${i * ROW_PX}px)` }}
        data-seq={read.seq}
      >
        <span>
          <button type="button" className="read-tag" title="Test this tag" onClick={() => onPick(read.tag)}>
            {read.tag}
          </button>
        </span>
        <span>{antennaName(read.ant)}</span>
        <span>{rssiText(read.rssi)}</span>
        <span>{unitTime(read.time)}</span>
      </li>,
    );
  }
  return (
    <div className="read-list">
      {/* Each row says what its values are (Antenna 1, dBm): the heading is for the eye. */}
      <div className="read-row read-head" aria-hidden="true">
        <span>Tag</span>
        <span>Antenna</span>
        <span>RSSI</span>
        <span>Unit time (UTC)</span>
      </div>
      <div
        className="read-scroll"
        style={{ height: VIEW_PX }}
        onScroll={(e) => setTop(e.currentTarget.scrollTop)}
        data-testid="read-scroll"
      >
        <ol
          className="read-body"
          aria-label={passings ? "Passings, newest first" : "Reads, newest first"}
          style={{ height: rows * ROW_PX }}
        >
          {shown}
        </ol>
        {/* Over the empty list, inside its fixed height: the first reads take its place without moving anything. A
            paused view whose reads all dropped off the kept ones (KEPT_READS newer reads since Pause) says so. */}
        {rows === 0 && (
          <p className="read-empty">
            {shownTotal
              ? `Newer ${what} pushed out the paused ones: Resume shows the newest.`
              : `No ${what} yet.`}
          </p>
        )}
      </div>
    </div>
  );
}
