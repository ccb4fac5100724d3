// The Live page's reads: the unit's read stream into a bounded log, rendered at most once a frame, Pause, the tag test,
// and the passings the unit's filter makes of them (shown instead of the reads on request).

import { useQuery } from "@tanstack/react-query";
import type { FilterOptions, TagRead } from "@trc/protocol";
import { useCallback, useEffect, useEffectEvent, useState, useSyncExternalStore } from "react";
import { readStreamOf } from "../api/readStream.ts";
import type { ReadStreamState } from "../api/readStreamState.ts";
import { clockResultQuery } from "../shared/clock/clockQuery.ts";
import { beep } from "../ui/beep.ts";
import { filterOptionsQuery, LivePassings } from "./livePassings.ts";
import { ReadLog } from "./readLog.ts";

/** Beeps of one batch's reads of the test tag are spaced this far apart (s). */
const BEEP_SPACING_S = 0.12;
/** How often the visits of unseen tags are ended (their last and best reads become passings), as on the unit. */
export const PASSING_FLUSH_MS = 1000;

/** What the list shows: every read, or the passings the unit's filter makes of them. */
export type LiveView = "reads" | "passings";

/** The unit's filter options while passings are asked for: loading, known, or the unit cannot tell (null). */
export type FilterState =
  | { status: "loading" }
  | { status: "known"; options: FilterOptions }
  | { status: "unknown" };

export interface LiveReads {
  stream: ReadStreamState;
  log: ReadLog;
  passings: LivePassings;
  view: LiveView;
  setView(view: LiveView): void;
  /** Asked for once passings are shown. */
  filter: FilterState;
  /** Bumped once a frame after new reads: what the view renders from. */
  version: number;
  /** The list's log: the passings' when they are shown and the unit's options known, else the reads'. */
  shownLog: ReadLog;
  /** The shown log's newest position: its total, or where Pause froze it. */
  shownTotal: number;
  paused: boolean;
  setPaused(paused: boolean): void;
  /** The tag test's tag ("" none). */
  tag: string;
  setTag(tag: string): void;
  sound: boolean;
  setSound(on: boolean): void;
}

export function useLiveReads(base: string): LiveReads {
  const stream = readStreamOf(base);
  const state = useSyncExternalStore(
    useCallback((fn: () => void) => stream.watch(fn), [stream]),
    () => stream.state,
  );
  // One log of reads and one of passings per unit for as long as the page shows it.
  const fresh = () => ({ base, log: new ReadLog(), passings: new LivePassings() });
  const [logs, setLogs] = useState(fresh);
  const current = logs.base === base ? logs : null;
  if (!current) setLogs(fresh());
  const [version, setVersion] = useState(0);
  const [frozenAt, setFrozenAt] = useState<{ reads: number; passings: number } | null>(null);
  const [view, setView] = useState<LiveView>("reads");
  const [tag, setTagState] = useState("");
  const [sound, setSound] = useState(false);
  // The last clock sync of the unit, if any (never started here): a stream that must seek places the page's opening
  // on the unit's clock with it.
  const offsetMs = useQuery(clockResultQuery(base)).data?.estimate.offsetMs ?? null;
  useEffect(() => stream.setClockOffset(offsetMs), [stream, offsetMs]);
  // The unit's filter options, asked for once passings are shown (again each time the page opens).
  const options = useQuery({ ...filterOptionsQuery(base), enabled: view === "passings" });
  const known = options.data ?? null;
  const filter: FilterState = known
    ? { status: "known", options: known }
    : options.isPending
      ? { status: "loading" }
      : { status: "unknown" };
  useEffect(() => {
    if (!current || !known) return;
    current.passings.configure(known, current.log.keptReads(), Date.now());
    setVersion((v) => v + 1);
  }, [current, known]);

  // Sound: one beep per read of the test tag (reads of one batch spaced a little).
  const beepFor = useEffectEvent((reads: readonly TagRead[], focus: string | null) => {
    if (!sound || !focus) return;
    let n = 0;
    for (const r of reads) if (r.tag === focus) beep(n++ * BEEP_SPACING_S);
  });

  useEffect(() => {
    if (!current) return;
    const { log, passings } = current;
    let frame = 0;
    const render = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setVersion((v) => v + 1);
      });
    };
    const leave = stream.subscribe((reads) => {
      const now = Date.now();
      log.push(reads, now);
      passings.push(reads, now);
      beepFor(reads, log.focused);
      render();
    });
    const flush = setInterval(() => {
      if (passings.flush(Date.now())) render();
    }, PASSING_FLUSH_MS);
    return () => {
      leave();
      clearInterval(flush);
      if (frame) cancelAnimationFrame(frame);
      // The page left (or the unit changed): its reads go now, not when React lets go of the component.
      log.clear();
      passings.clear();
    };
  }, [stream, current]);

  const active = current ?? logs;
  const activeLog = active.log;
  const showsPassings = view === "passings" && known !== null && active.passings.filtering;
  const shownLog = showsPassings ? active.passings.log : activeLog;
  const frozen = frozenAt && (showsPassings ? frozenAt.passings : frozenAt.reads);
  return {
    stream: state,
    log: activeLog,
    passings: active.passings,
    view,
    setView,
    filter,
    shownLog,
    version,
    shownTotal: frozen ?? shownLog.total,
    paused: frozenAt !== null,
    setPaused: (paused) => {
      setFrozenAt(paused ? { reads: activeLog.total, passings: active.passings.log.total } : null);
      setVersion((v) => v + 1);
    },
    tag,
    setTag: (next) => {
      const trimmed = next.trim();
      setTagState(next);
      activeLog.focus(trimmed || null);
      setVersion((v) => v + 1);
    },
    sound,
    setSound,
  };
}
