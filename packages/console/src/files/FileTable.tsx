// The file table: Name / Size / Actions with sortable headers, a download link and a delete button per file.
import { API } from "@trc/protocol";
import { apiUrl } from "../api/client.ts";
import { formatBytes } from "../ui/bytes.ts";
import { Spinner } from "../ui/Spinner.tsx";
import { ariaSort, type FileRow, type FileSort, nextSort, type SortKey } from "./fileTable.ts";

interface Props {
  rows: readonly FileRow[];
  sort: FileSort;
  onSort(sort: FileSort): void;
  /** The file being deleted, if any. */
  deleting: string | null;
  /** The last failed delete, shown under its row. */
  failure: { name: string; reason: string } | null;
  onDelete(name: string): void;
}

const ARROW = { ascending: " ▲", descending: " ▼", none: "" } as const;

function SortHeader({
  label,
  column,
  sort,
  onSort,
}: { label: string; column: SortKey } & Pick<Props, "sort" | "onSort">) {
  const state = ariaSort(sort, column);
  return (
    <th aria-sort={state}>
      <button type="button" className="sort-button" onClick={() => onSort(nextSort(sort, column))}>
        {label}
        {ARROW[state]}
      </button>
    </th>
  );
}

export function FileTable({ rows, sort, onSort, deleting, failure, onDelete }: Props) {
  return (
    <div className="panel files-table">
      <table>
        <thead>
          <tr>
            <SortHeader label="Name" column="name" sort={sort} onSort={onSort} />
            <SortHeader label="Size" column="size" sort={sort} onSort={onSort} />
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((f) => [
            <tr key={f.name}>
              <td className="mono files-name">{f.name}</td>
              <td className="files-size" title={f.size === undefined ? "Size not sent" : `${f.size} bytes`}>
                {formatBytes(f.size, "?")}
              </td>
              <td>
                <div className="files-actions">
                  <a
                    className="btn btn-small"
                    href={apiUrl(API.fileDownload(f.name))}
                    target="_blank"
                    rel="noopener"
                    aria-label={`Download ${f.name}`}
                  >
                    Download
                  </a>
                  <button
                    type="button"
                    className="btn btn-small btn-danger"
                    onClick={() => onDelete(f.name)}
                    disabled={deleting !== null}
                    aria-label={`Delete ${f.name}`}
                  >
                    {deleting === f.name ? <Spinner label={`Deleting ${f.name}`} /> : "Delete"}
                  </button>
                </div>
              </td>
            </tr>,
            failure?.name === f.name && (
              <tr key={`${f.name}-failure`}>
                <td colSpan={3} className="error-text" role="alert">
                  {failure.reason}
                </td>
              </tr>
            ),
          ])}
        </tbody>
      </table>
    </div>
  );
}
