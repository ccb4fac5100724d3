// The files page (SPEC §2): the device's files with size, download and delete, sortable; an empty state that refreshes.
import { formatIssues } from "@trc/protocol";
import { useMemo, useState } from "react";
import { errorText } from "../api/errors.ts";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { Spinner } from "../ui/Spinner.tsx";
import { FileTable } from "./FileTable.tsx";
import { deleteFailure, refreshFailure } from "./fileActions.ts";
import { DEFAULT_SORT, type FileSort, fileRows, sortFiles } from "./fileTable.ts";
import { useFiles } from "./useFiles.ts";
import "./files.css";

export const EMPTY_TEXT = "No files left, click button to refresh example file system!";

export default function FilesPage() {
  const { query, refetch, remove, refreshFiles } = useFiles();
  const [sort, setSort] = useState<FileSort>(DEFAULT_SORT);
  const [asking, setAsking] = useState<string | null>(null);
  const deleting = remove.isPending ? (remove.variables ?? null) : null;
  const failure =
    remove.isError && remove.variables !== undefined
      ? { name: remove.variables, reason: deleteFailure(remove.variables, remove.error) }
      : null;
  // After a rebuild the page reloads: the button stays busy until then.
  const refreshing = refreshFiles.isPending || refreshFiles.isSuccess;
  const refreshError = refreshFiles.isError ? refreshFailure(refreshFiles.error) : null;

  const { rows, unnamed } = useMemo(() => fileRows(query.data?.data?.files), [query.data]);
  const sorted = useMemo(() => sortFiles(rows, sort), [rows, sort]);
  const issues = query.data?.issues ?? [];

  const confirmDelete = () => {
    const name = asking;
    setAsking(null);
    if (name !== null) remove.mutate(name);
  };

  return (
    <section className="files-page">
      <div className="card-head">
        <h1>Files</h1>
        <button type="button" className="btn btn-small" onClick={() => refetch()} disabled={query.isFetching}>
          {query.isFetching && !query.isPending ? <Spinner label="Reloading the list" /> : "Reload list"}
        </button>
      </div>
      {query.isPending && <p>Loading...</p>}
      {query.isError && (
        <p className="error-text" role="alert">
          Could not load the files: {errorText(query.error)}
        </p>
      )}
      {issues.length > 0 && (
        <p className="error-text" role="alert">
          Part of the list was not understood: {formatIssues(issues)}
          {unnamed > 0 && ` (${unnamed} ${unnamed === 1 ? "entry" : "entries"} without a name not shown)`}
        </p>
      )}
      {query.isSuccess && rows.length === 0 && (
        <div className="panel files-empty">
          <p>{EMPTY_TEXT}</p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => refreshFiles.mutate()}
            disabled={refreshing}
          >
            {refreshing && <Spinner label="Refreshing files" />} Refresh Files
          </button>
          {refreshError && (
            <p className="error-text" role="alert">
              {refreshError}
            </p>
          )}
        </div>
      )}
      {rows.length > 0 && (
        <FileTable
          rows={sorted}
          sort={sort}
          onSort={setSort}
          deleting={deleting}
          failure={failure}
          onDelete={(name) => setAsking(name)}
        />
      )}
      <ConfirmDialog
        open={asking !== null}
        title="Delete file?"
        confirmLabel="Delete"
        cancelLabel="Cancel"
        danger
        onConfirm={confirmDelete}
        onCancel={() => setAsking(null)}
      >
        <p>
          Delete <strong className="mono">{asking}</strong> from the device? This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}
