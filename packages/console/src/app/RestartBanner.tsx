// The red banner 'Configuration changed without restart!' with 'Restart unit' (SPEC §2); app/RestartWatch.tsx mounts it.
import { useMutation } from "@tanstack/react-query";
import { API } from "@trc/protocol";
import { DeviceError, errorText } from "../api/errors.ts";
import { watchReboot } from "../api/rebootWatch.ts";
import { write } from "../api/write.ts";
import { writeCredentials } from "../shared/access/credentials.ts";
import { usePendingChanges } from "../shared/unit/restartStore.ts";

const NOT_BACK = "The unit has not come back within 2 minutes. Check its power and connection.";

/** What the banner says of a failed restart: the unit's refusal, or why it did not come back. */
function restartFailure(err: unknown): string {
  if (err instanceof DeviceError && err.kind === "http")
    return `The unit refused to restart (${err.message})`;
  return errorText(err);
}

/**
 * The banner itself (its own chunk, loaded only when a setting changed): shown while the chosen unit has changes
 * pending; Restart unit restarts that unit.
 */
export default function RestartBanner() {
  const changed = usePendingChanges();
  // REBOOT, then the watch until the unit has gone away and answers again (which clears the banner).
  const restart = useMutation({
    mutationFn: async () => {
      await write(API.commandExecute, { json: { cmd: "REBOOT", args: [], ...writeCredentials("commands") } });
      if ((await watchReboot({ pollMs: 500 })) !== "back") throw new Error(NOT_BACK);
    },
  });
  if (!changed.length) return null;
  const message = restart.isPending
    ? "Restarting the unit..."
    : restart.isError
      ? restartFailure(restart.error)
      : "";

  return (
    <div className="banner banner-danger" role="alert">
      <strong>Configuration changed without restart!</strong>
      <span className="banner-detail">Changed: {changed.join(", ")}</span>
      <button
        type="button"
        className="btn btn-light"
        onClick={() => restart.mutate()}
        disabled={restart.isPending}
      >
        Restart unit
      </button>
      {message && <span className="banner-detail">{message}</span>}
    </div>
  );
}
