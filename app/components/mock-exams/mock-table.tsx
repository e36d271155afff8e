import type { ReactNode } from "react";

export type MockTableRow = { key: string | number; head: ReactNode; cells: ReactNode[] };

/**
 * The mock screens' tables: a header row, each row named by its first cell
 * (a row header), scrolling sideways on a narrow screen — by keyboard too,
 * since the scrolling region takes focus.
 */
export function MockTable({
  label,
  caption,
  headers,
  rows,
}: {
  /** Names the scrolling region for screen readers. */
  label: string;
  caption?: string;
  headers: readonly string[];
  rows: readonly MockTableRow[];
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to scroll by keyboard
    <div className="overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      <table className="w-full min-w-[32rem] border-collapse text-left text-sm">
        {caption ? (
          <caption className="mb-2 text-left font-medium text-slate-800">{caption}</caption>
        ) : null}
        <thead>
          <tr className="border-b border-slate-300 text-slate-700">
            {headers.map((header) => (
              <th key={header} scope="col" className="py-2 pr-3 font-semibold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-slate-200">
              <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                {row.head}
              </th>
              {row.cells.map((cell, index) => (
                <td key={index} className="py-2 pr-3">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A titled panel of the mock screens (its heading names the region). */
export function Panel({
  title,
  id,
  description,
  children,
}: {
  title: string;
  id: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-3">{children}</div>
    </section>
  );
}
