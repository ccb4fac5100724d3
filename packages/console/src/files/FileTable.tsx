// The file table: Name / Size / Actions with sortable headers, a download link and a delete button per file.
import { API } from "@trc/protocol";
import { apiUrl } from "../api/client.ts";
import { formatBytes } from "../shared/readings/bytes.ts";
import { SortHeader } from "../ui/SortHeader.tsx";
import { Spinner } from "../ui/Spinner.tsx";
import { ariaSort, type FileRow, type FileSort, nextSort } from "./fileTable.ts";

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

export function FileTable({ rows, sort, onSort, deleting, failure, onDelete }: Props) {
  return (
    <div className="panel files-table">
      <table>
        <thead>
          <tr>
            <SortHeader
              label="Name"
              state={ariaSort(sort, "name")}
              onSort={() => onSort(nextSort(sort, "name"))}
            />
            <SortHeader
              label="Size"
              state={ariaSort(sort, "size")}
              onSort={() => onSort(nextSort(sort, "size"))}
            />
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
