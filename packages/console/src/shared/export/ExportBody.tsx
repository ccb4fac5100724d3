// What a page shows of Export…: the dialog's fields (loaded with the export's chunk when it opens) and how it went.
import { lazy, Suspense } from "react";
import { errorText } from "../../api/errors.ts";
import { passingsText } from "../race/timing.ts";
import type { SessionExport } from "./useSessionExport.ts";

const ExportFields = lazy(() => import("./ExportFields.tsx"));

/** The dialog's content (inside ui/ConfirmDialog): its fields once the export's chunk is in. */
export function ExportBody({ exp }: { exp: SessionExport }) {
  return (
    <Suspense fallback={<p>Loading...</p>}>
      <ExportFields
        form={exp.form}
        onChange={exp.setForm}
        utcOffsetS={exp.utcOffsetS}
        showErrors={exp.showErrors}
      />
    </Suspense>
  );
}

/** The last Download's outcome where the page shows it: under way, the file saved and what it holds, or why not. */
export function ExportOutcome({ exp }: { exp: SessionExport }) {
  const { download } = exp;
  const file = download.variables?.file;
  if (download.isPending) return <p role="status">Exporting {file}...</p>;
  if (download.isError) {
    return (
      <p className="error-text" role="alert">
        Could not export {file}: {errorText(download.error)}
      </p>
    );
  }
  if (!download.isSuccess) return null;
  const d = download.data;
  const left = d.total - d.written;
  return (
    <p role="status">
      Exported {passingsText(d.written)} of {d.file} to {d.name}
      {left > 0 && ` (${left} left out by the options)`}
      {d.skipped > 0 && `; ${d.skipped} ${d.skipped === 1 ? "row" : "rows"} of the file not understood`}
    </p>
  );
}
