// The file table's rows: entries a device sent (possibly incomplete), sorted by name or size.

import type { FileEntry } from "@trc/protocol";
import type { Loose } from "../api/lenient.ts";

export type SortKey = "name" | "size";
export type SortDir = "asc" | "desc";
export interface FileSort {
  key: SortKey;
  dir: SortDir;
}

/** A row of the table; size is undefined when the device sent none or a bad one. */
export interface FileRow {
  name: string;
  size: number | undefined;
}

export const DEFAULT_SORT: FileSort = { key: "name", dir: "asc" };

/** Rows from a leniently parsed list: entries without a name cannot be downloaded or deleted and are counted apart. */
export function fileRows(files: readonly (Loose<FileEntry> | undefined)[] | undefined): {
  rows: FileRow[];
  unnamed: number;
} {
  const rows: FileRow[] = [];
  let unnamed = 0;
  for (const f of files ?? []) {
    if (f && typeof f.name === "string" && f.name !== "") rows.push({ name: f.name, size: f.size });
    else unnamed++;
  }
  return { rows, unnamed };
}

const byName = (a: FileRow, b: FileRow) => a.name.localeCompare(b.name, undefined, { numeric: true });

/** Sorted copy; rows without a size go last whatever the direction; ties are broken by name. */
export function sortFiles(rows: readonly FileRow[], sort: FileSort): FileRow[] {
  const sign = sort.dir === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (sort.key === "size") {
      if (a.size === undefined || b.size === undefined) {
        if (a.size !== b.size) return a.size === undefined ? 1 : -1;
        return byName(a, b);
      }
      return sign * (a.size - b.size) || byName(a, b);
    }
    return sign * byName(a, b);
  });
}

/** Clicking a column header: the same column flips direction, another column starts ascending. */
export function nextSort(current: FileSort, key: SortKey): FileSort {
  if (current.key !== key) return { key, dir: "asc" };
  return { key, dir: current.dir === "asc" ? "desc" : "asc" };
}

/** The aria-sort value of a column header. */
export function ariaSort(current: FileSort, key: SortKey): "ascending" | "descending" | "none" {
  if (current.key !== key) return "none";
  return current.dir === "asc" ? "ascending" : "descending";
}
