// The Ready check panel at the top of the dashboard (issue 20 §4, issue 31): the verdict, every item with its value and
// reason, a link to where each is fixed, the race length and whether this unit needs a timing program (both kept).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { useAlarms } from "../shared/alarms/alarmStore.ts";
import { clockResultQuery } from "../shared/clock/clockQuery.ts";
import { timingQuery } from "../shared/race/timing.ts";
import { history } from "../shared/readings/telemetryHistory.ts";
import { datasetQuery } from "../shared/readings/telemetryQueries.ts";
import {
  type CounterSeries,
  type ReadyCheck,
  type ReadyItem,
  readyCheck,
} from "../shared/ready/readyRules.ts";
import {
  RACE_HOURS_MAX,
  raceHours,
  timingNotNeeded,
  useReadySettings,
} from "../shared/ready/readySettings.ts";
import { useApiBase } from "../shared/unit/deviceSettings.ts";
import { useDeviceMode } from "../shared/unit/unit.ts";
import { useBacklog } from "../ui/BacklogSummary.tsx";
import { useNow } from "../ui/useNow.ts";
import { useDataset } from "./useDataset.ts";

/** The check re-evaluates this often (ages cross their 10 min limits without a new reading). */
const TICK_MS = 5000;

function useReadyCheck(): ReadyCheck {
  const client = useQueryClient();
  const base = useApiBase();
  const mode = useDeviceMode();
  const now = useNow(TICK_MS);
  const battery = useDataset("battery").data;
  const storage = useDataset("storage").data;
  const passings = useDataset("passings");
  // The UHF card's query, read only on a uhf unit (an hf unit is never asked for uhf/ports).
  const ports = useQuery({ ...datasetQuery(client, base, "uhf/ports"), enabled: mode === "uhf" });
  const clock = useQuery(clockResultQuery(base));
  const backlog = useBacklog();
  const alarms = useAlarms((s) => s.list);
  const hadAntenna = useAlarms((s) => s.memory.hadAntenna);
  const hours = useReadySettings((s) => s.raceHours);
  // Race control: the header's query; "waiting" until the unit first answers, null for a unit without it (no item).
  const timing = useQuery(timingQuery(base)).data;
  const notNeeded = useReadySettings((s) => timingNotNeeded(s.timingNotNeeded, base));
  // The last answer's channels, also while a later reading failed (TanStack keeps its data then): one lost poll does
  // not turn the item into "No antenna reading yet"; the reads' ages still fail it if the unit stays away.
  const channels = mode === "uhf" ? ports.data?.data.channels : undefined;
  const channelReads: Record<number, CounterSeries> = {};
  for (const c of channels ?? [])
    if (typeof c?.id === "number") channelReads[c.id] = history(`reads:${c.id}`, base);
  return readyCheck({
    // The newest answer counts at once, before the next tick.
    now: Math.max(now, passings.data ? ports.dataUpdatedAt : 0),
    mode,
    channels,
    hadAntenna,
    channelReads,
    seen: history("passings:seen", base),
    clock:
      clock.status === "success"
        ? { offsetMs: clock.data.estimate.offsetMs, at: clock.dataUpdatedAt }
        : clock.status === "error"
          ? { failed: true }
          : null,
    battery,
    raceHours: hours,
    storage,
    backlog,
    alarms,
    timing: timing === undefined ? "waiting" : timing,
    timingNotNeeded: notNeeded,
  });
}

/**
 * A link to a page, or to a card or panel on this page (scrolled into view and focused, no history entry). Its
 * name never contains a navigation link's ("Files", "Live"...), so those stay unique by name.
 */
function FixLink({ fix, label }: { fix: ReadyItem["fix"]; label: string }) {
  return (
    <Link
      href={fix.href}
      className="ready-fix"
      aria-label={`${fix.text} (${label})`}
      onClick={(e) => {
        // A page: the router navigates. An anchor on this page: scrolled to here, without a history entry.
        if (fix.href[0] !== "#") return;
        e.preventDefault();
        const target = document.getElementById(fix.href.slice(1));
        if (!target) return;
        // A card is not focusable by itself: focus moves there so the keyboard and screen readers follow.
        if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
        target.scrollIntoView({ block: "start" });
        target.focus({ preventScroll: true });
      }}
    >
      {fix.text}
    </Link>
  );
}

function RaceLength() {
  const hours = useReadySettings((s) => s.raceHours);
  const [text, setText] = useState(String(hours));
  const valid = raceHours(text) !== null;
  return (
    <label className="ready-race">
      Race length (hours){" "}
      <input
        type="number"
        min={0.25}
        max={RACE_HOURS_MAX}
        step={0.25}
        value={text}
        aria-invalid={!valid}
        onChange={(e) => {
          setText(e.target.value);
          const h = raceHours(e.target.value);
          if (h !== null) useReadySettings.getState().setRaceHours(h);
        }}
        style={{ width: "5rem" }}
      />
      {!valid && <span className="field-reason"> Hours above 0, at most {RACE_HOURS_MAX}</span>}
    </label>
  );
}

/** "Timing program not needed for this unit": kept per unit (passings collected another way); unticked to undo. */
function TimingNotNeeded() {
  const base = useApiBase();
  const checked = useReadySettings((s) => timingNotNeeded(s.timingNotNeeded, base));
  return (
    <label className="ready-timing">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => useReadySettings.getState().setTimingNeeded(base, !e.target.checked)}
      />{" "}
      Timing program not needed for this unit
    </label>
  );
}

/** The panel: its own chunk (the rules and the race length store), loaded as the dashboard renders. */
export default function ReadyPanel() {
  const check = useReadyCheck();
  return (
    <section className="card ready" aria-label="Ready check" data-ok={check.ready}>
      <h2>
        Ready check: <span data-testid="ready-verdict">{check.verdict}</span>
      </h2>
      <ul className="ready-items">
        {check.items.map((i) => (
          // data-oneline: ok, or no value yet ("—", its reason in the value's place): one line on a phone (telemetry.css).
          <li
            key={i.id}
            data-testid="ready-item"
            data-item={i.id}
            data-ok={i.ok}
            data-oneline={i.ok || i.value === "—" || undefined}
          >
            <span className="ready-mark" aria-hidden="true">
              {i.ok ? "✓" : "✗"}
            </span>
            <strong className="ready-label">{i.label}</strong>
            <span className="ready-value" data-testid="ready-value">
              {i.value}
            </span>
            {/* The reason (when failing) and the fix link share a place whose height is held (telemetry.css). */}
            <span className="ready-detail">
              {!i.ok && (
                <span className="ready-reason" data-testid="ready-reason">
                  {i.reason}
                </span>
              )}{" "}
              <FixLink fix={i.fix} label={i.label} />
            </span>
          </li>
        ))}
      </ul>
      <div className="ready-settings">
        <RaceLength />
        {check.items.some((i) => i.id === "timing") && <TimingNotNeeded />}
      </div>
    </section>
  );
}
