// The red banner 'Configuration changed without restart!' with 'Restart unit' (SPEC §2).
import { API } from "@trc/protocol";
import { useEffect, useState } from "react";
import { send } from "../api/client.ts";
import { errorText } from "../api/errors.ts";
import { watchReboot } from "../api/rebootWatch.ts";
import { credentials } from "../shared/authStore.ts";
import { watchForOtherReboots } from "../shared/rebootCheck.ts";
import { useRestart } from "../shared/restartStore.ts";

export function RestartBanner() {
  const { changed, restarting, setRestarting, rebooted } = useRestart();
  const [message, setMessage] = useState("");
  useEffect(watchForOtherReboots, []);
  if (!changed.length) return null;

  async function restart() {
    setRestarting(true);
    setMessage("Restarting the unit...");
    try {
      const answer = await send(API.commandExecute, { json: { cmd: "REBOOT", args: [], ...credentials() } });
      if (!answer.ok) throw new Error(`The unit refused to restart (HTTP ${answer.status})`);
      const phase = await watchReboot({ pollMs: 500 });
      if (phase === "back") {
        rebooted();
        setMessage("");
      } else {
        setRestarting(false);
        setMessage("The unit has not come back within 2 minutes. Check its power and connection.");
      }
    } catch (err) {
      setRestarting(false);
      setMessage(errorText(err));
    }
  }

  return (
    <div className="banner banner-danger" role="alert">
      <strong>Configuration changed without restart!</strong>
      <span className="banner-detail">Changed: {changed.join(", ")}</span>
      <button type="button" className="btn btn-light" onClick={restart} disabled={restarting}>
        Restart unit
      </button>
      {message && <span className="banner-detail">{message}</span>}
    </div>
  );
}
