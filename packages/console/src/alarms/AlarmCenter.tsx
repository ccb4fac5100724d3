// The alarms of every page as one lazy chunk: the background watch (readings, rules, heartbeat, beep) and its panel.
import { AlarmPanel } from "./AlarmPanel.tsx";
import { useAlarmWatch } from "./useAlarmWatch.ts";

/** Mounted once by the layout, after the first paint: nothing of it is needed to draw the first page. */
export default function AlarmCenter() {
  useAlarmWatch();
  return <AlarmPanel />;
}
