// Query Endpoint: where the console sends its requests (rootAPI), with the settings mode and the intended URL.

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { apiBase, useDeviceSettings } from "../shared/unit/deviceSettings.ts";
import { selectUnit, useDeviceMode } from "../shared/unit/unit.ts";
import { AddressInput, AddressReason } from "../ui/AddressInput.tsx";
import { Spinner } from "../ui/Spinner.tsx";
import { checkTypedEndpoint, runSubmitAnimation, type SubmitPhase } from "./endpointForm.ts";

export function EndpointSection() {
  const settings = useDeviceSettings();
  const deviceMode = useDeviceMode();
  const client = useQueryClient();
  const [draft, setDraft] = useState(settings.rootAPI);
  const [phase, setPhase] = useState<SubmitPhase>("idle");
  const [refused, setRefused] = useState<string | null>(null);
  const cancel = useRef<() => void>(() => {});
  useEffect(() => () => cancel.current(), []);

  const check = checkTypedEndpoint(draft, location.origin);

  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (!check.ok) {
      setRefused(check.reason);
      return;
    }
    setRefused(null);
    // The one way to switch units: what was known about the previous one is forgotten there.
    selectUnit(check.rootAPI, client);
    cancel.current();
    cancel.current = runSubmitAnimation(setPhase, () => {
      useDeviceSettings.getState().reload();
      setDraft(useDeviceSettings.getState().rootAPI);
    });
  };

  return (
    <section className="panel settings-section" aria-labelledby="settings-endpoint">
      <h2 id="settings-endpoint">Query Endpoint</h2>
      <p className="muted">
        The address of the device backend. Leave it empty to talk to the device that served this page; a bare
        host such as 192.168.4.1 means http://. It is kept in one form (lower case, no default port, no
        trailing slash), the one the Fleet page uses.
      </p>
      <form className="settings-endpoint" onSubmit={submit} noValidate>
        <AddressInput
          id="settings-root-api"
          label="Device address"
          placeholder="localhost"
          value={draft}
          refused={refused}
          onChange={(value) => {
            setDraft(value);
            setRefused(null);
          }}
        />
        <button type="submit" className="btn btn-primary" disabled={phase !== "idle"}>
          {phase === "saving" ? (
            <Spinner label="Saving" />
          ) : phase === "saved" ? (
            <span role="img" aria-label="Saved">
              ✓
            </span>
          ) : (
            "Submit"
          )}
        </button>
      </form>
      <AddressReason id="settings-root-api" refused={refused} />
      <dl className="settings-facts">
        <dt>Settings mode</dt>
        <dd data-testid="settings-mode">{settings.viteMode}</dd>
        <dt>Device mode</dt>
        <dd>{deviceMode ?? "unknown until the unit answers"}</dd>
        <dt>Current endpoint</dt>
        <dd className="mono" data-testid="current-endpoint">
          {apiBase(settings.rootAPI)}
          {settings.rootAPI ? "" : " (the address that served this page)"}
        </dd>
        <dt>Intended URL</dt>
        <dd className="mono" data-testid="intended-url">
          {check.ok ? `${check.intended}/api/` : <span className="error-text">{check.reason}</span>}
        </dd>
      </dl>
    </section>
  );
}
