// Follows the unit's reboots on every page (a restart clears the pending changes) and shows the restart banner,
// whose chunk loads only when a setting changed since the unit last restarted.
import { lazy, Suspense, useEffect } from "react";
import { watchForOtherReboots } from "../shared/rebootCheck.ts";
import { followReboots, useRestart } from "../shared/restartStore.ts";

const RestartBanner = lazy(() => import("./RestartBanner.tsx"));

export function RestartWatch() {
  const pending = useRestart((s) => s.changed.length > 0);
  useEffect(watchForOtherReboots, []);
  useEffect(followReboots, []);
  return pending ? (
    <Suspense fallback={null}>
      <RestartBanner />
    </Suspense>
  ) : null;
}
