import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { cn } from "~/lib/cn";

export type Column<Row> = {
  key: string;
  label: string;
  /** Right-aligned, and sorted largest first on the first press. */
  numeric?: boolean;
  /** What the column sorts by; null sorts last either way. */
  sortValue: (row: Row) => number | string | null;
  cell: (row: Row) => ReactNode;
};

/** Set where a table is there for screen readers only: its box then neither scrolls nor takes focus. */
export const ScreenReaderOnly = createContext(false);

/** A wide table's box: it scrolls sideways on a narrow screen, with the keyboard too. */
export function ScrollArea({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  if (useContext(ScreenReaderOnly)) return <div className={className}>{children}</div>;
  return (
    <div
      role="region"
      aria-label={label}
      // Scrollable with the keyboard too: a tab stop of its own.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={cn("overflow-x-auto", className)}
    >
      {children}
    </div>
  );
}

type Sort = { key: string; direction: "ascending" | "descending" };

function compare(a: number | string | null, b: number | string | null): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a).localeCompare(String(b));
}

/**
 * A table in the order the server gave it (which the caption states); with
 * JavaScript each column heading is a button that sorts by it (aria-sort
 * says how), pressing again reverses. The first column heads each row.
 */
export function SortableTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  testId,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  testId?: string;
}) {
  const hydrated = useHydrated();
  const [sort, setSort] = useState<Sort | null>(null);
  const sorted = useMemo(() => {
    const column = sort && columns.find((item) => item.key === sort.key);
    if (!sort || !column) return rows;
    const sign = sort.direction === "ascending" ? 1 : -1;
    return [...rows].sort((a, b) => {
      const left = column.sortValue(a);
      const right = column.sortValue(b);
      if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
      return sign * compare(left, right);
    });
  }, [rows, columns, sort]);
  const sortedBy = sort && columns.find((column) => column.key === sort.key);

  function press(column: Column<Row>) {
    setSort((current) =>
      current?.key === column.key
        ? {
            key: column.key,
            direction: current.direction === "ascending" ? "descending" : "ascending",
          }
        : { key: column.key, direction: column.numeric ? "descending" : "ascending" },
    );
  }

  return (
    <ScrollArea label={caption} className="rounded-xl border border-slate-200 bg-white">
      <table
        className="w-full min-w-[32rem] text-left text-sm [&_tbody_th]:px-4 [&_tbody_th]:py-2 [&_tbody_th]:align-top [&_tbody_th]:font-medium [&_tbody_th]:text-slate-900 [&_td]:px-4 [&_td]:py-2 [&_td]:align-top [&_td]:text-slate-700"
        data-testid={testId}
      >
        <caption className="px-4 pt-3 text-left text-sm text-slate-600">
          {sortedBy ? `Sorted by ${sortedBy.label.toLowerCase()}, ${sort!.direction}.` : caption}
          {hydrated ? " Select a column heading to sort by it." : null}
        </caption>
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                aria-sort={sort?.key === column.key ? sort.direction : undefined}
                className={cn("px-4 py-2 font-semibold", column.numeric && "text-right")}
              >
                {hydrated ? (
                  <button
                    type="button"
                    onClick={() => press(column)}
                    className="inline-flex items-center gap-1 rounded hover:text-brand-800"
                  >
                    {column.label}
                    <span aria-hidden="true" className="text-xs text-slate-500">
                      {sort?.key === column.key
                        ? sort.direction === "ascending"
                          ? "▲"
                          : "▼"
                        : "↕"}
                    </span>
                  </button>
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {sorted.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) => {
                const Cell = index === 0 ? "th" : "td";
                return (
                  <Cell
                    key={column.key}
                    {...(index === 0 ? { scope: "row" } : {})}
                    className={column.numeric ? "text-right tabular-nums" : undefined}
                  >
                    {column.cell(row)}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}
