// Device Time card (SPEC §2, §4, §8, §9): accuracy verdict, 'Requery', device against browser time, time zone error.

import { useQuery } from "@tanstack/react-query";
import { TIME_SYNC, TIME_TICK_MS } from "@trc/protocol";
import { lazy, Suspense } from "react";
import {
  ACCURACY_COLOURS,
  ACCURACY_DESCRIPTIONS,
  ACCURACY_LABELS,
  browserUtcOffsetSeconds,
  offsetText,
  timeZoneError,
  timeZoneErrorText,
  wallClock,
  zoneText,
} from "../shared/clock/accuracy.ts";
import { type ClockView, clockQuery, clockView, useSyncProgress } from "../shared/clock/clockQuery.ts";
import { parseDeviceTime } from "../shared/clock/timeSync.ts";
import { keyed, MISSING, num } from "../shared/readings/telemetryFormat.ts";
import { useApiBase } from "../shared/unit/deviceSettings.ts";
import { useNow } from "../ui/useNow.ts";
import { Badge } from "./Badge.tsx";
import { Card, Field } from "./Card.tsx";
import { useDataset } from "./useDataset.ts";

/** Its own chunk: it needs the command levels and the dialog, which the first route can do without. */
const SetDeviceTime = lazy(() => import("./SetDeviceTime.tsx").then((m) => ({ default: m.SetDeviceTime })));

/** `sourcesOffset`: the utc_offset of the time/sources card data, used until a sync brings its own. */
function TimePanel({ clock, sourcesOffset }: { clock: ClockView; sourcesOffset: number | undefined }) {
  const now = useNow(TIME_TICK_MS);
  const { estimate } = clock;
  const utcOffset = clock.utcOffset ?? sourcesOffset ?? null;
  const browserOffset = browserUtcOffsetSeconds(new Date(now));
  const tzError = utcOffset === null ? null : timeZoneError(utcOffset, browserOffset);
  return (
    <dl className="tfields time-panel" data-testid="time-panel">
      <Field label="Device time" testId="device-time">
        <span className="mono">
          {estimate
            ? `${wallClock(now + estimate.offsetMs, utcOffset ?? 0)} ${zoneText(utcOffset ?? 0)}`
            : MISSING}
        </span>
      </Field>
      <Field label="Browser time" testId="browser-time">
        <span className="mono">
          {wallClock(now, browserOffset)} {zoneText(browserOffset)}
        </span>
      </Field>
      <Field label="Offset" testId="time-offset">
        {estimate
          ? `${offsetText(estimate.offsetMs)} ± ${num(Math.ceil(estimate.errorBoundMs))} ms`
          : MISSING}
      </Field>
      <Field label="Network delay" testId="time-delay">
        {estimate ? `${Math.round(estimate.delayMs)} ms` : MISSING}
      </Field>
      <Field label="Time zone error" testId="tz-error">
        {tzError === null ? (
          MISSING
        ) : (
          <span
            className={tzError === 0 ? "ok-text" : "error-text"}
            data-colour={tzError === 0 ? "green" : "red"}
          >
            {timeZoneErrorText(tzError)}
          </span>
        )}
      </Field>
    </dl>
  );
}

export function DeviceTimeCard() {
  const ds = useDataset("time/sources");
  const base = useApiBase();
  // The sync runs when the card first shows; Requery runs it again (joining one under way).
  const sync = useQuery(clockQuery(base));
  const clock = clockView(sync);
  const { accuracy, estimate, error, detail } = clock;
  const { good, attempts } = useSyncProgress((s) => s[base]) ?? { good: 0, attempts: 0 };
  const querying = accuracy === "QUERYING";
  const requeryButton = (
    <button
      type="button"
      className="btn btn-small"
      disabled={querying}
      onClick={() => void sync.refetch({ cancelRefetch: false })}
    >
      Requery
    </button>
  );
  return (
    <Card title="Device Time" testId="card-time" datasets={[ds]} actions={requeryButton}>
      <div className="verdict" data-testid="time-verdict" data-accuracy={accuracy}>
        <Badge colour={ACCURACY_COLOURS[accuracy]}>{ACCURACY_LABELS[accuracy]}</Badge>
        {estimate && !querying && (
          <span className="muted" data-testid="time-bound">
            ± {num(Math.ceil(estimate.errorBoundMs))} ms
          </span>
        )}
        {querying && (
          <span className="muted">{`${good} of ${TIME_SYNC.wantedSamples} good samples, attempt ${attempts} of ${TIME_SYNC.maxAttempts}`}</span>
        )}
        <p className="muted verdict-desc">{ACCURACY_DESCRIPTIONS[accuracy]}</p>
        {error && (
          <p className="error-text" title={detail ?? undefined}>
            {error}
          </p>
        )}
      </div>
      <Suspense fallback={null}>
        <SetDeviceTime base={base} clock={clock} />
      </Suspense>
      <TimePanel clock={clock} sourcesOffset={ds.data?.utc_offset} />
      {ds.data?.sources && (
        <ul className="sources" aria-label="Time sources">
          {keyed(ds.data.sources, (s) => s?.name).map(([key, s]) => {
            const t = parseDeviceTime(s?.time);
            return (
              <li key={key} data-testid="time-source">
                <strong>{s?.name ?? MISSING}</strong> {t === null ? MISSING : `${wallClock(t, 0)} UTC`} ·
                accuracy {num(s?.accuracy)} µs
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
