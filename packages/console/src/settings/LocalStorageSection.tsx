// Local Storage: what the console keeps in this browser, every key and value, and the wipe button.
import { Fragment, useEffect, useReducer, useState } from "react";
import { useFlags } from "../shared/access/flags.ts";
import { useAlarms } from "../shared/alarms/alarmStore.ts";
import { local } from "../shared/store/storage.ts";
import { useDeviceSettings } from "../shared/unit/deviceSettings.ts";
import { storedEntries, wipeLocalStorage } from "./localStorageView.ts";
import { LOCAL_KEY_MEANINGS, SESSION_KEY_MEANINGS } from "./storageKeyMeanings.ts";

/** Re-renders when the console's stores or another tab change local storage. */
function useStorageVersion(): void {
  const [, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const stops = [useDeviceSettings.subscribe(bump), useFlags.subscribe(bump), useAlarms.subscribe(bump)];
    window.addEventListener("storage", bump);
    return () => {
      for (const stop of stops) stop();
      window.removeEventListener("storage", bump);
    };
  }, []);
}

export function LocalStorageSection() {
  useStorageVersion();
  const [wipe, setWipe] = useState<"idle" | "wiped" | "failed">("idle");
  const entries = storedEntries(local);

  const onWipe = () => {
    const cleared = wipeLocalStorage(local, () => location.reload());
    setWipe(cleared ? "wiped" : "failed");
  };

  return (
    <section className="panel settings-section" aria-labelledby="settings-storage">
      <h2 id="settings-storage">Local Storage</h2>
      <p className="muted">
        The console keeps its settings in this browser's local storage, under these keys (each written once
        there is something to keep). Wiping it returns the console to its defaults; the page reloads half a
        second later. Passwords are kept in session storage only (this tab: the keys marked Session storage)
        and are not listed below.
      </p>
      <dl className="settings-facts" aria-label="Keys the console writes">
        {Object.entries({ ...LOCAL_KEY_MEANINGS, ...SESSION_KEY_MEANINGS }).map(([key, meaning]) => (
          <Fragment key={key}>
            <dt className="mono">{key}</dt>
            <dd>{meaning}</dd>
          </Fragment>
        ))}
      </dl>
      <button type="button" className="btn btn-danger" onClick={onWipe} disabled={wipe !== "idle"}>
        Wipe local storage
      </button>
      {wipe === "wiped" && (
        <p className="ok-text" role="status">
          Local storage wiped, reloading...
        </p>
      )}
      {wipe === "failed" && (
        <p className="error-text" role="alert">
          The browser refused to clear local storage; reloading anyway.
        </p>
      )}
      {entries.length === 0 ? (
        <p>No keys stored</p>
      ) : (
        <table className="settings-table" aria-label="Stored keys">
          <thead>
            <tr>
              <th>Key</th>
              <th>Value</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.key}>
                <td className="mono">{e.key}</td>
                <td>
                  <code className="settings-value">{e.value}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
