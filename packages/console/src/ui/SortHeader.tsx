// A sortable table column header (files, fleet): a button in the <th>, its aria-sort and the direction's arrow.

export type SortState = "ascending" | "descending" | "none";

const ARROW: Record<SortState, string> = { ascending: " ▲", descending: " ▼", none: "" };

export function SortHeader({
  label,
  state,
  onSort,
  title,
}: {
  label: string;
  /** How the table is sorted by this column now. */
  state: SortState;
  /** Sorts by this column (again: the other way). */
  onSort(): void;
  title?: string;
}) {
  return (
    <th aria-sort={state} title={title}>
      <button type="button" className="sort-button" onClick={onSort}>
        {label}
        {ARROW[state]}
      </button>
    </th>
  );
}
