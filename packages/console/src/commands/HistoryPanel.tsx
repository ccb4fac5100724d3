// The history panel (SPEC §2, §4): each attempt with its state, outcome badge, times, and the body when not a success.
import { Spinner } from "../ui/Spinner.tsx";
import { useCommands } from "./commandsStore.ts";
import { type HistoryEntry, historyBadge, showsBody } from "./history.ts";

const time = (t: number | null) => (t === null ? "-" : new Date(t).toLocaleString());

function Entry({ e }: { e: HistoryEntry }) {
  const badge = historyBadge(e);
  return (
    <li className="cmd-history-entry" data-testid="history-entry">
      <div className="cmd-history-head">
        <strong>{e.name}</strong> <code>{e.cmd}</code>
        {e.args.length > 0 && (
          <span className="mono muted">{e.args.map((a) => `${a.name}=${a.value}`).join(" ")}</span>
        )}
        {badge.spinner ? (
          <Spinner label={badge.text} />
        ) : (
          <span className={`badge${badge.tone === "plain" ? "" : ` badge-${badge.tone}`}`}>{badge.text}</span>
        )}
      </div>
      <div className="cmd-history-times muted">
        <span>State: {e.state}</span>
        <span>Sent: {time(e.timeSent)}</span>
        <span>Received: {time(e.timeReceived)}</span>
      </div>
      {showsBody(e) && (
        <pre className="cmd-history-body">
          {e.responseHeader ? `${e.responseHeader}\n` : ""}
          {e.responseBody}
        </pre>
      )}
    </li>
  );
}

export function HistoryPanel() {
  const history = useCommands((s) => s.history);
  const clear = useCommands((s) => s.clearHistory);
  const newest = history[0];
  return (
    <section className="panel cmd-history" aria-labelledby="cmd-history-title">
      {/* A live region: the newest command's outcome, said once its answer is in. */}
      <p className="visually-hidden" role="status" data-testid="command-announcement">
        {newest?.state === "RECEIVED" ? `${newest.name} answered: ${historyBadge(newest).text}` : ""}
      </p>
      <div className="card-head">
        <h2 id="cmd-history-title">History</h2>
        <button type="button" className="btn btn-small" onClick={clear} disabled={!history.length}>
          Clear
        </button>
      </div>
      {history.length === 0 ? (
        <p className="muted">No history</p>
      ) : (
        <ol className="cmd-history-list">
          {history.map((e) => (
            <Entry key={e.id} e={e} />
          ))}
        </ol>
      )}
    </section>
  );
}
