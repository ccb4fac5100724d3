// Export… of a timing session (the Timing page's sessions, a timing file on the Files page): the dialog's state, and
// Download as one mutation: the session file read from the unit (a query through the API client), the export built
// in the browser by the lazy chunk (build.ts), saved by the page's `save` (a Blob and an object URL).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { API } from "@trc/protocol";
import { useState } from "react";
import { send } from "../../api/client.ts";
import { DeviceError } from "../../api/errors.ts";
import { datasetQuery } from "../readings/telemetryQueries.ts";
import { deviceKey, useApiBase } from "../unit/deviceSettings.ts";
import { useDeviceName } from "../unit/unit.ts";
import type { FormatId } from "./formats.ts";
import type { OptionTexts } from "./options.ts";

/** The export's code, loaded when a dialog opens (its own chunk: no page's bundle grows). */
export const loadExport = () => import("./build.ts");

/** A session file read whole: a long one on a slow link takes longer than a reading's 10 s. */
export const FILE_TIMEOUT_MS = 60_000;

/** What the dialog holds: the format and the options as typed. */
export interface ExportForm extends OptionTexts {
  format: FormatId;
}

/** No window, no offset, markers in (type-only imports here: the export's code stays in its lazy chunk). */
export const DEFAULT_FORM: ExportForm = { format: "raceresult", from: "", to: "", offset: "", markers: true };

/** A session file's text as a query (read when asked, never kept: a long session is megabytes). */
export function sessionFileQuery(base: string, file: string) {
  return {
    queryKey: deviceKey(base, "file", file),
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<string> => {
      const answer = await send(API.fileDownload(file), { base, signal, timeoutMs: FILE_TIMEOUT_MS });
      if (!answer.ok) throw DeviceError.http(answer.status, answer.body, answer.retryAfterS);
      // The client reads a body as JSON when it is: a file's text is what was sent.
      return typeof answer.body === "string"
        ? answer.body
        : answer.body === null
          ? ""
          : JSON.stringify(answer.body);
    },
    staleTime: 0,
    gcTime: 0,
    retry: false,
  };
}

/** What a finished export says. */
export interface ExportDone {
  file: string;
  name: string;
  written: number;
  total: number;
  skipped: number;
}

/** Saves a built file (the page's: ui/download.ts). */
export type SaveFile = (name: string, text: string, type: string) => void;

/** The Export… dialog of one page and its Download; `save` writes the file in the browser. */
export function useSessionExport(save: SaveFile) {
  const base = useApiBase();
  const client = useQueryClient();
  const device = useDeviceName();
  const sources = datasetQuery(client, base, "time/sources");
  const [file, setFile] = useState<string | null>(null);
  // The unit's zone for the dialog's hint, read while it is open (the Timing page reads it anyway; the Files page not).
  const zone = useQuery({ ...sources, enabled: file !== null }).data?.data.utc_offset;
  const utcOffsetS = typeof zone === "number" && Number.isFinite(zone) ? zone : null;
  const [form, setForm] = useState<ExportForm>(DEFAULT_FORM);
  // A Download with a wrong option opens the dialog again (a new one: `attempt` is its key) with every reason shown.
  const [attempt, setAttempt] = useState(0);
  const [showErrors, setShowErrors] = useState(false);

  const download = useMutation({
    mutationFn: async ({ file, form }: { file: string; form: ExportForm }): Promise<ExportDone> => {
      const offset = (await client.ensureQueryData(sources)).data.utc_offset;
      if (typeof offset !== "number" || !Number.isFinite(offset))
        throw new Error("the unit did not say its utc_offset (time/sources): local times cannot be written");
      const [csv, { buildExport, checkOptions }] = await Promise.all([
        client.fetchQuery(sessionFileQuery(base, file)),
        loadExport(),
      ]);
      const checked = checkOptions(form, offset);
      if (!checked.ok) throw new Error(Object.values(checked.errors).join("; "));
      const built = buildExport(csv, {
        file,
        format: form.format,
        options: checked.options,
        device,
        utcOffsetS: offset,
      });
      save(built.name, built.text, built.type);
      return { file, name: built.name, written: built.written, total: built.total, skipped: built.skipped };
    },
  });

  /** Opens the dialog for a session file. */
  const start = (name: string) => {
    void loadExport();
    setShowErrors(false);
    setFile(name);
  };
  const confirm = async () => {
    if (file === null) return;
    const { checkOptions } = await loadExport();
    // The reasons do not depend on the zone (a date is real or not, the window's order is the same in any zone).
    if (!checkOptions(form, utcOffsetS ?? 0).ok) {
      setShowErrors(true);
      setAttempt((a) => a + 1);
      return;
    }
    setFile(null);
    download.mutate({ file, form });
  };

  return {
    file,
    form,
    setForm,
    utcOffsetS,
    showErrors,
    download,
    start,
    /** The dialog's key: a new dialog after a Download refused for a wrong option. */
    attempt,
    /** ui/ConfirmDialog's props (its key is `attempt`). */
    dialog: {
      open: file !== null,
      title: `Export ${file ?? ""}`,
      confirmLabel: "Download",
      cancelLabel: "Cancel",
      onConfirm: () => void confirm(),
      onCancel: () => setFile(null),
    },
  };
}

export type SessionExport = ReturnType<typeof useSessionExport>;
