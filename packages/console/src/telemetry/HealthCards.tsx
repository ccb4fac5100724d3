// Battery, Firmware and Storage cards (SPEC §2, §3, §9).

import {
  batteryBadge,
  batteryColour,
  batteryPercent,
  batteryTime,
  MISSING,
  num,
  PARTITION_SLOTS,
  partitionText,
  storageSize,
  usedPercent,
  watchdogColour,
  watchdogText,
} from "../shared/readings/telemetryFormat.ts";
import { Bar } from "../ui/Bar.tsx";
import { Sparkline } from "../ui/Sparkline.tsx";
import { Badge } from "./Badge.tsx";
import { Card, Field } from "./Card.tsx";
import { useDataset } from "./useDataset.ts";

export function BatteryCard() {
  const ds = useDataset("battery");
  const d = ds.data;
  const pct = typeof d?.percentage === "number" ? batteryPercent(d.percentage) : null;
  const badge = batteryBadge(d?.state);
  const time = batteryTime(d?.state, d?.time_full, d?.time_empty);
  const charge =
    pct !== null && typeof d?.capacity === "number" ? Math.round((d.capacity * pct) / 100) : null;
  return (
    <Card title="Battery" testId="card-battery" datasets={[ds]}>
      {d && (
        <dl className="tfields">
          <Field label="State" testId="battery-state">
            <Badge colour={badge.colour}>
              <span aria-hidden="true">{badge.icon}</span> {badge.text}
            </Badge>
          </Field>
          <Field label="Charge" testId="battery-charge">
            {pct !== null && <Bar fraction={pct / 100} colour={batteryColour(pct)} label="Battery charge" />}
            <span data-colour={pct !== null ? batteryColour(pct) : undefined}>
              {charge ?? MISSING} / {num(d.capacity)} mAh · {pct !== null ? `${Math.round(pct)}%` : MISSING}
            </span>
            <Sparkline series="battery" label="Battery charge history" />
          </Field>
          <Field label="Current" testId="battery-current">
            {num(d.current)} mA
          </Field>
          <Field label={time.label} testId="battery-time">
            {time.text}
          </Field>
        </dl>
      )}
    </Card>
  );
}

export function FirmwareCard() {
  const ds = useDataset("firmware");
  const d = ds.data;
  const part = partitionText(d?.partition);
  return (
    <Card title="Firmware" testId="card-firmware" datasets={[ds]}>
      {d && (
        <dl className="tfields">
          <Field label="Version" testId="firmware-version">
            {d.version ?? MISSING}
          </Field>
          <Field label="Compile time" testId="firmware-compile">
            {d.compileTime ?? MISSING}
          </Field>
          <Field label="Partition" testId="firmware-partition">
            <ol className="slots" aria-label="Partitions">
              {PARTITION_SLOTS.map((slot) => (
                <li
                  key={slot}
                  className={`slot${slot === d.partition ? " slot-active" : ""}`}
                  aria-current={slot === d.partition ? "true" : undefined}
                >
                  {slot < 0 ? "F" : slot}
                </li>
              ))}
            </ol>{" "}
            {part}
          </Field>
          <Field label="OTA watchdog" testId="firmware-watchdog">
            <Badge colour={watchdogColour(d.otaWatchDog)}>{watchdogText(d.otaWatchDog)}</Badge>
          </Field>
        </dl>
      )}
    </Card>
  );
}

export function StorageCard() {
  const ds = useDataset("storage");
  const d = ds.data;
  const pct =
    typeof d?.used === "number" && typeof d.total === "number" ? usedPercent(d.used, d.total) : null;
  return (
    <Card title="Storage" testId="card-storage" datasets={[ds]}>
      {d && (
        <div data-testid="storage-used">
          {pct !== null && <Bar fraction={pct / 100} label="Storage used" />}
          <span>
            {storageSize(d.used ?? Number.NaN)} / {storageSize(d.total ?? Number.NaN)} ·{" "}
            {pct !== null ? `${pct}%` : MISSING}
          </span>
        </div>
      )}
    </Card>
  );
}
