// The command list (SPEC §2): title, loading counter, reload, placeholder rows, rows with level badges, 'N / M Available'.
import type { CommandDefinition } from "@trc/protocol";
import { Link } from "wouter";
import { LevelBadge } from "./LevelBadge.tsx";
import type { CommandListState } from "./useCommandList.ts";

interface Props {
  list: CommandListState;
  rows: CommandDefinition[];
  selected: string | null;
  onSelect(cmd: string): void;
  availableCount: number;
  total: number;
}

const PLACEHOLDER_ROWS = 4;

export function CommandList({ list, rows, selected, onSelect, availableCount, total }: Props) {
  const { loading, queried, available, result } = list;
  return (
    <section className="panel cmd-list" aria-labelledby="cmd-list-title">
      <div className="card-head">
        <h2 id="cmd-list-title">Command List</h2>
        <button
          type="button"
          className="btn btn-small"
          onClick={list.reload}
          disabled={loading}
          aria-label="Reload command list"
          title="Reload command list"
        >
          ↻
        </button>
      </div>
      {loading && (
        <>
          <p role="status">
            Loading...{queried} / {available}
          </p>
          <ul className="cmd-rows" aria-hidden="true">
            {Array.from({ length: PLACEHOLDER_ROWS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder rows
              <li key={i} className="cmd-row cmd-placeholder" />
            ))}
          </ul>
        </>
      )}
      {!loading && result?.error && <p className="error-text">{result.error}</p>}
      {!loading && (
        <ul className="cmd-rows">
          {rows.map((c) => (
            <li key={c.cmd}>
              <button
                type="button"
                className={`cmd-row${c.cmd === selected ? " cmd-row-selected" : ""}`}
                aria-pressed={c.cmd === selected}
                onClick={() => onSelect(c.cmd)}
              >
                <strong className="cmd-row-name">{c.name}</strong>
                <LevelBadge perm={c.perm} />
                <span className="cmd-row-desc muted">{c.desc}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {!loading && !!result?.problems.length && (
        <details className="cmd-problems">
          <summary className="error-text">{result.problems.length} bad answer(s) skipped</summary>
          <ul>
            {result.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </details>
      )}
      <Link to="/auth" className="cmd-available">
        {availableCount} / {total} Available
      </Link>
    </section>
  );
}
