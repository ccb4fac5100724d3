// A telemetry card: title, refresh button, auto-refresh caption, 'Loading...', the error as raw text, wrong fields named.
import type { TelemetryDataset } from "@trc/protocol";
import type { ReactNode } from "react";
import { combinedState, errorJson, issuesText } from "../shared/readings/datasetState.ts";
import { autoCaption } from "../shared/readings/refreshInterval.ts";
import type { Dataset } from "./useDataset.ts";

interface CardProps {
  title: string;
  testId: string;
  datasets: readonly Dataset<TelemetryDataset>[];
  /** Extra buttons beside the refresh button. */
  actions?: ReactNode;
  children: ReactNode;
}

export function Card({ title, testId, datasets, actions, children }: CardProps) {
  const state = combinedState(datasets.map((d) => d.state));
  const loading = datasets.some((d) => d.loading || d.state === "started");
  const several = datasets.length > 1;
  return (
    <section className="card tcard" id={testId} data-testid={testId} data-state={state} aria-label={title}>
      <div className="card-head">
        <h2>{title}</h2>
        <span className="tcard-actions">
          {actions}
          <button
            type="button"
            className="btn btn-small"
            aria-label={`Refresh ${title}`}
            title="Refresh"
            disabled={datasets.some((d) => d.loading)}
            onClick={() => {
              for (const d of datasets) d.refresh();
            }}
          >
            ↻
          </button>
        </span>
      </div>
      <p className="tcard-caption muted">
        {datasets.map((d) => (
          <span key={d.dataset} data-testid="auto-caption" data-dataset={d.dataset} data-state={d.state}>
            {several ? `${d.dataset}: ` : ""}
            {autoCaption(d.minutes)}
          </span>
        ))}
      </p>
      {/* A live region: loading and errors are said as they come (the data itself is not). */}
      <div className="tcard-live" aria-live="polite">
        {loading && <p className="muted">Loading...</p>}
        {datasets.map((d) =>
          d.error ? (
            <pre key={`e-${d.dataset}`} className="error-text tcard-error" data-testid="card-error">
              {errorJson(d.error)}
            </pre>
          ) : null,
        )}
      </div>
      {datasets.map((d) =>
        d.issues.length ? (
          <p key={`i-${d.dataset}`} className="field-reason" data-testid="card-issues">
            Wrong field{d.issues.length > 1 ? "s" : ""}: {issuesText(d.issues)}
          </p>
        ) : null,
      )}
      {children}
    </section>
  );
}

/** A label and its value, as a definition row. */
export function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="tfield" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
