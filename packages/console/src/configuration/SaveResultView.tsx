// The save result under a setting (SPEC §8): '{code} - {text}' in green or red, the device's reason, the response JSON on 200.
import type { SaveResult } from "./saveResult.ts";

export function SaveResultView({ result }: { result: SaveResult }) {
  return (
    <div className="cfg-result">
      <span className={result.green ? "ok-text" : "error-text"} data-testid="save-result">
        {result.text}
      </span>
      {result.reason && <span className="muted cfg-reason"> ({result.reason})</span>}
      {result.json !== null && <pre className="cfg-json">{result.json}</pre>}
    </div>
  );
}
