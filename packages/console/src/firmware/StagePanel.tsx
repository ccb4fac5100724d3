// The stage panel: what to do in each firmware stage (SPEC §4), and the out-of-bounds text for any other.
import { UPLOAD_LOCK_MS } from "@trc/protocol";
import { Bar } from "../ui/Bar.tsx";
import { FinishedPanel } from "./FinishedPanel.tsx";
import { ImageDetails } from "./ImageDetails.tsx";
import { LoadProgressView } from "./LoadProgressView.tsx";
import { type FirmwareState, outOfBoundsText } from "./stages.ts";
import { ANOTHER_UPLOAD } from "./uploader.ts";
import type { FirmwareUpdate } from "./useFirmwareUpdate.ts";

type Actions = Pick<FirmwareUpdate, "choose" | "loadFirmware" | "retry" | "finalize">;

function Failed({ title, reason, retry }: { title: string; reason: string | null; retry: () => void }) {
  return (
    <div role="alert">
      <h2 className="error-text">{title}</h2>
      {reason && (
        <p className="error-text" data-testid="stage-error">
          {reason}
        </p>
      )}
      <button type="button" className="btn btn-primary" onClick={retry}>
        Retry
      </button>
    </div>
  );
}

export function StagePanel({ state, actions }: { state: FirmwareState; actions: Actions }) {
  switch (state.stage) {
    case "START":
      return (
        <div>
          <label className="fw-choose">
            Firmware image (.bin){" "}
            <input
              type="file"
              accept=".bin"
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                if (file) void actions.choose(file);
              }}
            />
          </label>
          <p className="muted">The image is checked here before anything is sent to the unit.</p>
          {state.error && (
            <p className="error-text" role="alert" data-testid="stage-error">
              {state.error}
            </p>
          )}
        </div>
      );
    case "UPLOADING":
      return (
        <div>
          <p>Reading {state.fileName}...</p>
          <Bar fraction={state.readFraction} label="File read progress" />
          <p data-testid="read-percent">{Math.floor(state.readFraction * 100)} %</p>
        </div>
      );
    case "UPLOADING_FAILED":
      return <Failed title="Upload Failed..." reason={state.error} retry={actions.retry} />;
    case "UPLOADED":
      return (
        <div>
          {state.image && <ImageDetails image={state.image} />}
          <button type="button" className="btn btn-primary" onClick={() => void actions.loadFirmware()}>
            Load Firmware
          </button>
        </div>
      );
    case "DOWNLOADING":
      return (
        <div>
          <p>Loading firmware to the unit... Other traffic to the unit waits until the load ends.</p>
          {state.load && <LoadProgressView load={state.load} />}
        </div>
      );
    case "DOWNLOADING_FAILED":
      return (
        <div>
          <Failed title="Load Failed..." reason={state.error} retry={actions.retry} />
          {state.error === ANOTHER_UPLOAD && (
            <p data-testid="busy-hint">
              {`Nothing was sent. Press Retry once the other upload has finished; an upload that stopped frees the unit ${UPLOAD_LOCK_MS / 1000} s after its last chunk.`}
            </p>
          )}
          {state.load && (
            <p className="muted">{`${state.load.sent} of ${state.load.total} bytes were acknowledged.`}</p>
          )}
        </div>
      );
    case "DOWNLOADED":
      return (
        <div>
          <p className="ok-text">The unit acknowledged all {state.load?.total ?? state.image?.size} bytes.</p>
          {!!state.load?.failuresTotal && (
            <p className="muted" data-testid="load-failures">
              Failed chunk answers, each retried: {state.load.failuresTotal}
            </p>
          )}
          <button type="button" className="btn btn-primary" onClick={actions.finalize}>
            Finalize
          </button>
        </div>
      );
    case "FINISHED":
      return <FinishedPanel state={state} />;
    default:
      return (
        <p className="error-text" role="alert">
          {outOfBoundsText(state.stage)}
        </p>
      );
  }
}
