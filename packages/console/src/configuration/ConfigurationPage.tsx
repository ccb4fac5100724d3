// The configuration page (SPEC §2): top bar, load state, backup and restore, the category tree; asks before losing edits.
import type { ConfigRefreshState } from "@trc/protocol";
import { Link } from "wouter";
import { AuthStatus } from "../ui/AuthStatus.tsx";
import { LeaveGuard } from "../ui/LeaveGuard.tsx";
import { Spinner } from "../ui/Spinner.tsx";
import { TimingConfirm } from "../ui/TimingConfirm.tsx";
import { BackupPanel } from "./BackupPanel.tsx";
import { ConfigTree } from "./ConfigTree.tsx";
import { unsavedEdits } from "./configState.ts";
import { SaveProfile } from "./SaveProfile.tsx";
import { useConfigPage } from "./useConfigPage.ts";
import "./configuration.css";

export const LEAVE_TITLE = "Leave without submitting?";

const STATE_BADGE: Record<ConfigRefreshState, string> = {
  UN_QUERIED: "badge",
  QUERYING: "badge badge-yellow",
  REFRESHED: "badge badge-green",
  ERROR: "badge badge-red",
};

export default function ConfigurationPage() {
  const { state, refresh, edit, submit, apply, resolve, reread, authOn, guard } = useConfigPage();
  const unsaved = unsavedEdits(state);
  const names = unsaved.map((n) => state.items.find((i) => i.name_internal === n)?.name_display ?? n);
  return (
    <div className="cfg-page">
      <h1>Configuration</h1>
      <div className="cfg-topbar">
        {authOn ? <AuthStatus /> : <Link to="/auth">Configure</Link>}
        <button
          type="button"
          className="btn"
          title="Refresh all config"
          disabled={state.load === "QUERYING"}
          onClick={() => void refresh()}
        >
          Refresh
        </button>
        <span className={STATE_BADGE[state.load]} data-testid="config-state" aria-live="polite">
          {state.load}
        </span>
        {state.load === "QUERYING" && <Spinner label="Loading configuration" />}
        {state.progress && (
          <span className="muted" data-testid="config-progress">
            Loading...{state.progress.queried} / {state.progress.available}
          </span>
        )}
      </div>
      {state.error && (
        <p className="error-text" role="alert">
          Could not load the configuration: {state.error}
        </p>
      )}
      {state.issues.length > 0 && (
        <div className="panel cfg-issues">
          <p>Some of the device's answers were not as expected; those parts are left out:</p>
          <ul>
            {state.issues.map((text) => (
              <li key={text} className="mono">
                {text}
              </li>
            ))}
          </ul>
        </div>
      )}
      <BackupPanel items={state.items} apply={apply} reread={reread} />
      <SaveProfile items={state.items} />
      <TimingConfirm {...guard} />
      {state.load === "REFRESHED" && state.items.length === 0 && (
        <p className="muted">The device reports no settings.</p>
      )}
      <ConfigTree
        items={state.items}
        fields={state.fields}
        onEdit={edit}
        onSubmit={submit}
        onResolve={resolve}
      />
      <LeaveGuard
        active={names.length > 0}
        title={LEAVE_TITLE}
        detail={`These settings are edited but not submitted: ${names.join(", ")}.`}
      />
    </div>
  );
}
