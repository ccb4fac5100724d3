// An export built in the browser from a session file's text: read, options applied, written in the chosen format.
// The export's lazy chunk starts here (with the dialog's fields): nothing of it is in a page's own bundle.
import { type ExportFormat, exportFileName, type FormatId, formatOf } from "./formats.ts";
import { type ExportOptions, selectPassings } from "./options.ts";
import { parseSessionFile } from "./sessionFile.ts";

export { checkOptions } from "./options.ts";

export interface ExportRequest {
  /** The session file's name (timing_0007.csv). */
  file: string;
  format: FormatId;
  options: ExportOptions;
  /** The unit's name. */
  device: string;
  /** The unit's utc_offset (seconds east of UTC). */
  utcOffsetS: number;
}

export interface BuiltExport {
  /** The file's name (timing_0007.raceresult.txt). */
  name: string;
  text: string;
  /** Its MIME type. */
  type: string;
  format: ExportFormat;
  /** Passings written. */
  written: number;
  /** Passings in the session file. */
  total: number;
  /** Rows of the file that are not a passing, left out. */
  skipped: number;
}

/** The export of `csv` (the session file's text) as `req` asks; throws `NotASessionFile` for another file. */
export function buildExport(csv: string, req: ExportRequest): BuiltExport {
  const { passings, skipped } = parseSessionFile(csv, req.file);
  const chosen = selectPassings(passings, req.options);
  const format = formatOf(req.format);
  const text = format.write(chosen, { session: req.file, device: req.device, utcOffsetS: req.utcOffsetS });
  return {
    name: exportFileName(req.file, format),
    text,
    type: format.type,
    format,
    written: chosen.length,
    total: passings.length,
    skipped,
  };
}
