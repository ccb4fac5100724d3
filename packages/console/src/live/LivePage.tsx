// The Live page (issue 20 §2): the unit's reads as they happen, or the passings its filter makes of them (issue 31),
// the tag test, rates per antenna, CSV export; a unit without the read stream shows reads per second from its counters.
import type { StreamStatus } from "../api/readStreamState.ts";
import { filterWords } from "../shared/race/filterWords.ts";
import { useApiBase } from "../shared/unit/deviceSettings.ts";
import { useDeviceName } from "../shared/unit/unit.ts";
import { BacklogSummary } from "../ui/BacklogSummary.tsx";
import { download } from "../ui/download.ts";
import { useNow } from "../ui/useNow.ts";
import { AntennaRates } from "./AntennaRates.tsx";
import { CounterFallback } from "./CounterFallback.tsx";
import { countText, csvFileName, readsCsv } from "./liveFormat.ts";
import { ReadList } from "./ReadList.tsx";
import { TagTest } from "./TagTest.tsx";
import { type LiveReads, type LiveView, useLiveReads } from "./useLiveReads.ts";
import "./live.css";

/** The line shown when the unit answers the stream 404. */
export const NO_STREAM_TEXT = "This unit has no read stream: reads per second from its counters";

/** Passings asked for, and the unit does not say its reads_2b_sent and tag_timeout. */
export const NO_FILTER_TEXT = "The unit does not say how it makes passings: reads shown";

const VIEWS: [LiveView, string][] = [
  ["reads", "Reads"],
  ["passings", "Passings"],
];

/** Reads or passings: one radio group (arrow keys move between them). */
function ViewSwitch({ view, onView }: { view: LiveView; onView(view: LiveView): void }) {
  return (
    <div className="live-view" role="radiogroup" aria-label="Show">
      {VIEWS.map(([value, label]) => (
        <label key={value} className={view === value ? "live-view-on" : undefined}>
          <input
            type="radio"
            name="live-view"
            value={value}
            checked={view === value}
            onChange={() => onView(value)}
          />
          {label}
        </label>
      ))}
    </div>
  );
}

/** Under the bar while passings are shown: the unit's filter in words, or why reads are shown instead. */
function FilterLine({ filter }: { filter: LiveReads["filter"] }) {
  const text =
    filter.status === "known"
      ? filterWords(filter.options.reads2bSent, filter.options.tagTimeoutS)
      : filter.status === "loading"
        ? "Asking the unit how it makes passings…"
        : NO_FILTER_TEXT;
  return (
    <p className="live-filter" data-testid="filter-words">
      {text}
    </p>
  );
}

const STATUS_TEXT: Record<StreamStatus, string> = {
  connecting: "Connecting to the read stream…",
  live: "Live",
  reconnecting: "Reconnecting",
  busy: "The unit is busy",
  absent: NO_STREAM_TEXT,
  closed: "Closed",
};

export default function LivePage() {
  const base = useApiBase();
  const name = useDeviceName();
  const live = useLiveReads(base);
  const now = useNow(1000);
  const { stream, log, shownLog } = live;
  const absent = stream.status === "absent";
  const passings = shownLog !== log;
  const behind = live.paused ? shownLog.total - live.shownTotal : 0;
  return (
    <div className="live">
      <h1>Live reads</h1>
      {/* Holds the status and the bar at a fixed height: a change of state, the counters or the longer no-stream
          line (no bar then) leave what is below in place. */}
      <div className="live-head">
        <p className={`live-status live-${stream.status}`} role="status" data-testid="stream-status">
          {STATUS_TEXT[stream.status]}
          {/* Why it is not live, or while live why reads were missed. */}
          {!absent && stream.reason ? `: ${stream.reason}` : ""}
        </p>
        {!absent && (
          <div className="live-bar">
            <p className="live-counts">
              <span data-testid="received">received {countText(stream.received)}</span>
              {stream.missed > 0 && <span data-testid="missed">missed {countText(stream.missed)}</span>}
              {passings && <span data-testid="passings">passings {countText(shownLog.total)}</span>}
              {live.paused && <span data-testid="behind">{countText(behind)} new since paused</span>}
            </p>
            <ViewSwitch view={live.view} onView={live.setView} />
            <button type="button" onClick={() => live.setPaused(!live.paused)} aria-pressed={live.paused}>
              {live.paused ? "Resume" : "Pause"}
            </button>
            <button
              type="button"
              disabled={shownLog.kept === 0}
              onClick={() =>
                download(
                  csvFileName(name, new Date(), passings ? "passings" : "reads"),
                  readsCsv(shownLog.keptReads()),
                  "text/csv;charset=utf-8",
                )
              }
            >
              Export CSV
            </button>
          </div>
        )}
        {!absent && live.view === "passings" && <FilterLine filter={live.filter} />}
      </div>
      <BacklogSummary />
      {absent ? (
        <CounterFallback base={base} />
      ) : (
        <div className="live-grid">
          <ReadList
            log={shownLog}
            passings={passings}
            shownTotal={live.shownTotal}
            tag={log.focused}
            onPick={live.setTag}
            version={live.version}
          />
          <div className="live-side">
            <TagTest
              tag={live.tag}
              onTag={live.setTag}
              stats={log.focusStats()}
              sound={live.sound}
              onSound={live.setSound}
            />
            <AntennaRates log={log} now={now} version={live.version} />
          </div>
        </div>
      )}
    </div>
  );
}
