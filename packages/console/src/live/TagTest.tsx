// The tag test: type or pick a tag; its reads per antenna with their best RSSI; Sound beeps once per read of it.
import { unlockAudio } from "../ui/beep.ts";
import { antennaName, countText, rssiText } from "./liveFormat.ts";
import type { TagOnAntenna } from "./readLog.ts";

interface TagTestProps {
  tag: string;
  onTag(tag: string): void;
  stats: TagOnAntenna[];
  sound: boolean;
  onSound(on: boolean): void;
}

export function TagTest({ tag, onTag, stats, sound, onSound }: TagTestProps) {
  const total = stats.reduce((n, s) => n + s.reads, 0);
  return (
    <section className="card tag-test" aria-labelledby="tag-test-title">
      <h2 id="tag-test-title">Tag test</h2>
      <div className="tag-test-controls">
        <label>
          Tag{" "}
          <input
            value={tag}
            onChange={(e) => onTag(e.target.value)}
            placeholder="Type a tag or pick a read"
            spellCheck={false}
            autoComplete="off"
          />
        </label>
        <label className="switch">
          <input
            type="checkbox"
            checked={sound}
            onChange={(e) => {
              if (e.target.checked) unlockAudio();
              onSound(e.target.checked);
            }}
          />{" "}
          Sound
        </label>
        {tag.trim() && (
          <button type="button" onClick={() => onTag("")}>
            Clear
          </button>
        )}
      </div>
      {tag.trim() && (
        <>
          <p data-testid="tag-total">
            {total === 1 ? "1 read" : `${countText(total)} reads`} of {tag.trim()}
          </p>
          {stats.length > 0 && (
            <table className="tag-table">
              <thead>
                <tr>
                  <th scope="col">Antenna</th>
                  <th scope="col">Reads</th>
                  <th scope="col">Best RSSI</th>
                </tr>
              </thead>
              <tbody>
                {stats.map((s) => (
                  <tr key={s.ant} data-testid="tag-antenna">
                    <th scope="row">{antennaName(s.ant)}</th>
                    <td>{countText(s.reads)}</td>
                    <td>{rssiText(s.bestRssi)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
