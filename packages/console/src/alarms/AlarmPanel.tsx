// The 'Unit alarms' panel under the header: each alarm with its text, since when and Acknowledge; the Sound switch;
// a live region that announces new alarms.

import { type ListedAlarm, useAlarms } from "../shared/alarms/alarmStore.ts";
import { unlockAudio } from "../ui/beep.ts";

function AlarmRow({ alarm }: { alarm: ListedAlarm }) {
  const state = alarm.acknowledged ? "acknowledged" : alarm.active ? "active" : "cleared";
  return (
    <li className={`alarm alarm-${state}`} data-testid="alarm" data-state={state}>
      <strong className="alarm-text">{alarm.text}</strong>
      <span className="alarm-since">since {new Date(alarm.since).toLocaleTimeString()}</span>
      {!alarm.active && <span className="alarm-note">cleared</span>}
      {alarm.acknowledged ? (
        <span className="alarm-note">Acknowledged</span>
      ) : (
        <button
          type="button"
          className="btn btn-small"
          aria-label={`Acknowledge ${alarm.text}`}
          onClick={() => useAlarms.getState().acknowledge(alarm.id)}
        >
          Acknowledge
        </button>
      )}
    </li>
  );
}

export function AlarmPanel() {
  const list = useAlarms((s) => s.list);
  const announced = useAlarms((s) => s.announced);
  const sound = useAlarms((s) => s.sound);
  return (
    <>
      <p className="visually-hidden" aria-live="assertive" data-testid="alarm-announcement">
        {announced}
      </p>
      {list.length > 0 && (
        <section className="alarms" id="unit-alarms" aria-label="Unit alarms" tabIndex={-1}>
          <ul className="alarm-list">
            {list.map((a) => (
              <AlarmRow key={a.id} alarm={a} />
            ))}
          </ul>
          <label className="alarm-sound">
            <input
              type="checkbox"
              role="switch"
              aria-checked={sound}
              checked={sound}
              onChange={(e) => {
                if (e.target.checked) unlockAudio();
                useAlarms.getState().setSound(e.target.checked);
              }}
            />{" "}
            Sound
          </label>
        </section>
      )}
    </>
  );
}
