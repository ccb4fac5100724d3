// The load in progress: bar, bytes, percentage, speed, time left, and retries when chunks fail.
import { FIRMWARE } from "@trc/protocol";
import { Bar } from "../ui/Bar.tsx";
import { loadFigures } from "./progress.ts";
import type { LoadProgress } from "./stages.ts";

export function LoadProgressView({ load }: { load: LoadProgress }) {
  const figures = loadFigures(load);
  return (
    <div className="fw-load">
      <Bar fraction={load.total ? load.sent / load.total : 0} label="Firmware load progress" />
      <p className="fw-figures">
        <span data-testid="load-bytes">{figures.bytes}</span>
        <span data-testid="load-percent">{figures.percent}</span>
        <span data-testid="load-speed">{figures.speed}</span>
        <span data-testid="load-time-left">{figures.timeLeft}</span>
      </p>
      {load.failuresInRow > 0 && (
        <p className="fw-retrying" data-testid="load-retrying">
          Chunk failed ({load.failuresInRow} in a row, the load stops at {FIRMWARE.failureThreshold}):{" "}
          {load.lastFailure}. Retrying...
        </p>
      )}
      {load.failuresTotal > 0 && (
        <p className="muted" data-testid="load-failures">
          Failed chunk answers, each retried: {load.failuresTotal}
        </p>
      )}
    </div>
  );
}
