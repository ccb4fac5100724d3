// The UHF Antennas card's writes: each control's command as one mutation (`sendCommandNow`, throwing the unit's
// refusal as a DeviceError), asked first while the unit is timing (D12: "Change antennas while timing?", No sends
// nothing), then uhf/ports and uhf/config read again; for a while after, uhf/ports is read every few seconds so the
// tile shows Identify pointing at it, a port settling and then reading.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { sendCommandNow } from "../shared/commands/commandNow.ts";
import { modeNow } from "../shared/race/timing.ts";
import { datasetQuery, telemetryKey } from "../shared/readings/telemetryQueries.ts";
import type { AntennaCall } from "./antennaCommands.ts";

/** After a command the unit answered, uhf/ports is read this often, for this long (Identify's turns, settling). */
export const FOLLOW_EVERY_MS = 2_500;
export const FOLLOW_FOR_MS = 35_000;

export interface AntennaCommands {
  /**
   * Sends `call`, first asking while the unit is timing (or may be: its mode could not be read); `done` once the unit
   * accepted it.
   */
  ask(call: AntennaCall, done?: () => void): void;
  /** The timing question while it is open: what would change, and whether the unit's mode is known. */
  question: { call: AntennaCall; modeKnown: boolean; done?: (() => void) | undefined } | null;
  /** The operator's answer: Yes sends, No sends nothing. */
  answer(yes: boolean): void;
  /** Checking the unit's mode before a command (the button waits). */
  checking: boolean;
  mutation: ReturnType<typeof useAntennaMutation>;
}

function useAntennaMutation(base: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (call: AntennaCall) => sendCommandNow(base, call.cmd, call.args),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: telemetryKey(base, "uhf/ports") }),
        client.invalidateQueries({ queryKey: telemetryKey(base, "uhf/config") }),
      ]),
  });
}

export function useAntennaCommands(base: string): AntennaCommands {
  const client = useQueryClient();
  const mutation = useAntennaMutation(base);
  const [question, setQuestion] = useState<AntennaCommands["question"]>(null);
  const [checking, setChecking] = useState(false);
  // Following uhf/ports: from an answered command until FOLLOW_FOR_MS later (a timer ends it, never render's time).
  const [following, setFollowing] = useState(0);
  useEffect(() => {
    if (!following) return;
    const end = setTimeout(() => setFollowing(0), FOLLOW_FOR_MS);
    return () => clearTimeout(end);
  }, [following]);
  useQuery({
    ...datasetQuery(client, base, "uhf/ports"),
    enabled: following > 0,
    refetchInterval: following > 0 ? FOLLOW_EVERY_MS : false,
  });

  const send = (call: AntennaCall, done?: () => void) =>
    mutation.mutate(call, {
      onSuccess: () => {
        setFollowing((n) => n + 1);
        done?.();
      },
    });

  return {
    ask(call, done) {
      if (checking) return;
      setChecking(true);
      void modeNow(client, base).then((mode) => {
        setChecking(false);
        // A unit in test mode, or without race control (null), is not timing: sent at once.
        if (mode === "test" || mode === null) send(call, done);
        else setQuestion({ call, modeKnown: mode !== undefined, done });
      });
    },
    question,
    answer(yes) {
      const asked = question;
      setQuestion(null);
      if (yes && asked) send(asked.call, asked.done);
    },
    checking,
    mutation,
  };
}
