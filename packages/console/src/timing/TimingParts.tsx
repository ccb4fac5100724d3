// The Timing page's parts: a panel named by its heading, a plain table, and what a race command came to.
import type { UseMutationResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { errorText } from "../api/errors.ts";
import type { RaceAnswer } from "../shared/race/raceCommand.ts";
import type { RaceCall } from "./useRace.ts";

/** A panel (a region named by its heading). */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="panel" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** A table scrolling in its box on a narrow screen; each row is its key, then its cells. */
export function Table({ head, rows }: { head: string[]; rows: [string, ...ReactNode[]][] }) {
  return (
    <div className="timing-scroll">
      <table>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, ...cells]) => (
            <tr key={key}>
              {cells.map((c, i) => (
                <td key={head[i]}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What a race command came to, where the user looks: "<what> failed: <the unit's reason>", or its answer in words. */
export function Outcome({
  m,
  what,
  ok,
}: {
  m: UseMutationResult<RaceAnswer, Error, RaceCall>;
  what: string;
  ok: (a: RaceAnswer) => string;
}) {
  if (m.isError) {
    return (
      <p className="error-text" role="alert">
        {what} failed: {errorText(m.error)}
      </p>
    );
  }
  return m.isSuccess ? <p role="status">{ok(m.data)}</p> : null;
}
