// The Live page's reads: the unit's read stream into a bounded log, rendered at most once a frame, Pause, the tag test.

import { useQuery } from "@tanstack/react-query";
import type { TagRead } from "@trc/protocol";
import { useCallback, useEffect, useEffectEvent, useState, useSyncExternalStore } from "react";
import { type ReadStreamState, readStreamOf } from "../api/readStream.ts";
import { clockResultQuery } from "../shared/clockQuery.ts";
import { beep } from "../ui/beep.ts";
import { ReadLog } from "./readLog.ts";

/** Beeps of one batch's reads of the test tag are spaced this far apart (s). */
const BEEP_SPACING_S = 0.12;

export interface LiveReads {
  stream: ReadStreamState;
  log: ReadLog;
  /** Bumped once a frame after new reads: what the view renders from. */
  version: number;
  /** The view's newest position: the log's total, or where Pause froze it. */
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
  // One log per unit for as long as the page shows it.
  const [log, setLog] = useState(() => ({ base, log: new ReadLog() }));
  const current = log.base === base ? log.log : null;
  if (!current) setLog({ base, log: new ReadLog() });
  const [version, setVersion] = useState(0);
  const [frozenAt, setFrozenAt] = useState<number | null>(null);
  const [tag, setTagState] = useState("");
  const [sound, setSound] = useState(false);
  // The last clock sync of the unit, if any (never started here): a stream that must seek places the page's opening
  // on the unit's clock with it.
  const offsetMs = useQuery(clockResultQuery(base)).data?.estimate.offsetMs ?? null;
  useEffect(() => stream.setClockOffset(offsetMs), [stream, offsetMs]);

  // Sound: one beep per read of the test tag (reads of one batch spaced a little).
  const beepFor = useEffectEvent((reads: readonly TagRead[], focus: string | null) => {
    if (!sound || !focus) return;
    let n = 0;
    for (const r of reads) if (r.tag === focus) beep(n++ * BEEP_SPACING_S);
  });

  useEffect(() => {
    if (!current) return;
    let frame = 0;
    const leave = stream.subscribe((reads) => {
      current.push(reads, Date.now());
      beepFor(reads, current.focused);
      if (!frame) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          setVersion((v) => v + 1);
        });
      }
    });
    return () => {
      leave();
      if (frame) cancelAnimationFrame(frame);
      // The page left (or the unit changed): its reads go now, not when React lets go of the component.
      current.clear();
    };
  }, [stream, current]);

  const activeLog = current ?? log.log;
  return {
    stream: state,
    log: activeLog,
    version,
    shownTotal: frozenAt ?? activeLog.total,
    paused: frozenAt !== null,
    setPaused: (paused) => {
      setFrozenAt(paused ? activeLog.total : null);
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
