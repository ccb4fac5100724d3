// Follows the unit's reboots on every page (a restart clears the pending changes) and shows the restart banner of the
// chosen unit, whose chunk loads only when a setting of that unit changed since it last restarted.
import { lazy, Suspense, useEffect } from "react";
import { useApiBase } from "../shared/unit/deviceSettings.ts";
import { watchForOtherReboots } from "../shared/unit/rebootCheck.ts";
import { followReboots, usePendingChanges } from "../shared/unit/restartStore.ts";

const RestartBanner = lazy(() => import("./RestartBanner.tsx"));

export function RestartWatch() {
  const unit = useApiBase();
  const pending = usePendingChanges().length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again (its own changes, its uptime) per unit
  useEffect(watchForOtherReboots, [unit]);
  useEffect(followReboots, []);
  // One banner per unit: a restart under way on one unit is not shown on another.
  return pending ? (
    <Suspense fallback={null}>
      <RestartBanner key={unit} />
    </Suspense>
  ) : null;
}
