// The Fleet page's Profiles section: the profile the units are compared against, Import, Export, Edit, New, Delete;
// Apply to the picked units, Undo, each unit's lines, Restart these units, D12's second confirmation.
import { useState } from "react";
import { applyPlan, undoPlan } from "../shared/settings/profiles/applyPlan.ts";
import {
  type Profile,
  profileFile,
  profileFileName,
  readProfile,
} from "../shared/settings/profiles/profile.ts";
import { useComparedProfile, useProfiles } from "../shared/settings/profiles/profileStore.ts";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { download } from "../ui/download.ts";
import { TimingConfirm } from "../ui/TimingConfirm.tsx";
import { ProfileEditor } from "./ProfileEditor.tsx";
import { settingLine, unitLine } from "./profileLines.ts";
import type { ProfileCompare, ProfileTarget } from "./useFleetProfiles.ts";
import { type Run, useProfileRun } from "./useProfileRun.ts";

const plural = (n: number) => `${n} ${n === 1 ? "unit" : "units"}`;

export function ProfilesPanel({
  targets,
  compare,
}: {
  targets: readonly ProfileTarget[];
  compare: ProfileCompare;
}) {
  const profiles = useProfiles((s) => s.profiles);
  const profile = useComparedProfile();
  const [editing, setEditing] = useState<{ start: Profile; was?: string } | null>(null);
  const [note, setNote] = useState<{ text: string; reasons?: string[] } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const runner = useProfileRun(targets, compare.compareAgain);

  const choose = (name: string | null) => {
    useProfiles.getState().compare(name);
    compare.compareAgain();
  };
  const importFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    const read = readProfile(await file.text());
    if ("refused" in read) return setNote({ text: `${file.name} is not imported:`, reasons: read.refused });
    useProfiles.getState().save(read.profile);
    choose(read.profile.name);
    setNote({ text: `Imported the profile ${read.profile.name}` });
  };
  const differing = targets.filter((t) => compare.cells.get(t.unit)?.differences?.length);
  const picked = differing.filter((t) => compare.picked.has(t.unit));
  const apply = () => {
    if (!profile) return;
    const units = picked.map((t) => ({ unit: t.unit, values: compare.cells.get(t.unit)?.values ?? {} }));
    runner.start(
      "Apply",
      applyPlan(profile, units).filter((p) => p.writes.length),
    );
  };
  const [applied] = runner.runs;
  const undo = applied && runner.runs.length === 1 && !runner.busy ? undoPlan(applied.results) : [];

  return (
    <section className="panel fleet-profiles" aria-labelledby="fleet-profiles-title">
      <h2 id="fleet-profiles-title">Profiles</h2>
      <div className="fleet-add">
        <label htmlFor="fleet-profile">Compare with</label>
        <select
          id="fleet-profile"
          value={profile?.name ?? ""}
          onChange={(e) => choose(e.currentTarget.value || null)}
        >
          <option value="">No profile</option>
          {profiles.map((p) => (
            <option key={p.name}>{p.name}</option>
          ))}
        </select>
        {profile && (
          <>
            <button type="button" className="btn btn-small" onClick={() => compare.compareAgain()}>
              Compare again
            </button>
            <button
              type="button"
              className="btn btn-small"
              onClick={() => setEditing({ start: profile, was: profile.name })}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn btn-small"
              onClick={() => download(profileFileName(profile), profileFile(profile), "application/json")}
            >
              Export
            </button>
            <button type="button" className="btn btn-small btn-light" onClick={() => setDeleting(true)}>
              Delete
            </button>
          </>
        )}
        <button
          type="button"
          className="btn btn-small"
          onClick={() => setEditing({ start: { name: "", settings: {} } })}
        >
          New profile
        </button>
        <label className="btn btn-small">
          Import a profile
          <input
            type="file"
            accept=".json,application/json"
            className="visually-hidden"
            onChange={(e) => void importFile(e.currentTarget)}
          />
        </label>
      </div>
      {note && (
        <div role={note.reasons ? "alert" : "status"} className={note.reasons ? "error-text" : "muted"}>
          {note.text}
          {note.reasons && (
            <ul>
              {note.reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {editing && (
        <ProfileEditor
          key={editing.was ?? ""}
          start={editing.start}
          onDone={(saved) => {
            if (saved) {
              useProfiles.getState().save(saved, editing.was);
              choose(saved.name);
            }
            setEditing(null);
          }}
        />
      )}
      {profile && (
        <div className="fleet-add">
          <button
            type="button"
            className="btn btn-small"
            disabled={!differing.length}
            onClick={() => compare.setPicked(new Set(differing.map((t) => t.unit)))}
          >
            Select all that differ
          </button>
          <button
            type="button"
            className="btn btn-primary btn-small"
            disabled={!picked.length || runner.busy}
            onClick={apply}
          >
            Apply to {plural(picked.length)}
          </button>
          {undo.length > 0 && (
            <button type="button" className="btn btn-small" onClick={() => runner.start("Undo", undo)}>
              Undo
            </button>
          )}
        </div>
      )}
      {runner.runs.map((run) => (
        <RunLines key={run.kind} run={run} nameOf={runner.nameOf} />
      ))}
      {runner.toRestart.length > 0 && (
        <p className="fleet-add">
          Needs a restart: {runner.toRestart.map(runner.nameOf).join(", ")}
          <button
            type="button"
            className="btn btn-small"
            disabled={runner.restarting}
            onClick={runner.restart}
          >
            Restart these units
          </button>
        </p>
      )}
      {runner.restartLines.length > 0 && (
        <ul role="status">
          {runner.restartLines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      )}
      <TimingConfirm asks={runner.asks} nameOf={runner.nameOf} onAnswer={runner.answer} />
      <ConfirmDialog
        open={deleting && !!profile}
        title={`Delete the profile ${profile?.name}?`}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        danger
        onConfirm={() => {
          if (profile) useProfiles.getState().remove(profile.name);
          setDeleting(false);
        }}
        onCancel={() => setDeleting(false)}
      />
    </section>
  );
}

/** An Apply's or an Undo's lines: one per unit, one per setting under it. */
function RunLines({ run, nameOf }: { run: Run; nameOf(unit: string): string }) {
  return (
    <>
      <h3 className="fleet-run-title">{run.kind}</h3>
      <ul className="fleet-run" data-kind={run.kind}>
        {run.results.map((r) => (
          <li key={r.unit}>
            <strong>{unitLine(nameOf(r.unit), r)}</strong>
            <ul>
              {r.settings.map((s) => (
                <li
                  key={s.setting}
                  className={s.status === "conflict" || s.status === "refused" ? "error-text" : undefined}
                >
                  {settingLine(s)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </>
  );
}
