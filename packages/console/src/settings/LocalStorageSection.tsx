// Local Storage: what the console keeps in this browser, every key and value, and the wipe button.
import { useEffect, useReducer, useState } from "react";
import { useDeviceSettings } from "../shared/deviceSettings.ts";
import { useFlags } from "../shared/flags.ts";
import { local } from "../shared/storage.ts";
import { storedEntries, wipeLocalStorage } from "./localStorageView.ts";

/** Re-renders when the console's stores or another tab change local storage. */
function useStorageVersion(): void {
  const [, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const stops = [useDeviceSettings.subscribe(bump), useFlags.subscribe(bump)];
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
        The console keeps its settings in this browser's local storage: the device settings (generalSettings),
        feature flag overrides and the restart reminder. Wiping it returns the console to its defaults; the
        page reloads half a second later. The password lives in session storage only and is not listed here.
      </p>
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
