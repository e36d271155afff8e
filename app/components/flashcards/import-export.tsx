import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClasses } from "~/components/ui/button";
import { controlClass } from "~/components/ui/fields";
import { cn } from "~/lib/cn";
import { CSV_LIMITS } from "~/lib/flashcard-csv";
import { type FlashcardView, flashcardsHref } from "~/lib/flashcard-view";
import { ALL_CATEGORIES, cardCountLabel } from "~/lib/flashcards";
import type { ImportPreviewData } from "~/lib/flashcard-screen";

/**
 * Export a category (or every card) as CSV, and import a CSV file: the file
 * is uploaded and checked first, the preview lists every row and why any
 * would not be imported, and nothing is saved until the learner confirms.
 */
export function ImportExport({
  view,
  categories,
  preview,
  error,
}: {
  view: FlashcardView;
  categories: string[];
  preview: ImportPreviewData | null;
  error: string | null;
}) {
  const navigation = useNavigation();
  const intent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const here = flashcardsHref(view);

  return (
    <section id="import-export" aria-labelledby="import-export-heading" className="space-y-5">
      <h2 id="import-export-heading" className="text-lg font-semibold text-slate-900">
        Import and export
      </h2>
      <div className="grid gap-5 lg:grid-cols-2">
        <form
          method="get"
          action="/flashcards/export.csv"
          className="space-y-3 rounded-xl border border-slate-200 bg-white p-5"
        >
          <h3 className="font-semibold text-slate-900">Export as CSV</h3>
          <p className="text-sm text-slate-600">
            Columns question, answer, category, in UTF-8: opens in any spreadsheet and imports into
            Anki or Quizlet.
          </p>
          <div>
            <label
              htmlFor="export-category"
              className="mb-1.5 block text-sm font-medium text-slate-800"
            >
              Cards to export
            </label>
            <select
              id="export-category"
              name="category"
              defaultValue={view.category ?? ALL_CATEGORIES}
              className={controlClass}
            >
              <option value={ALL_CATEGORIES}>All categories</option>
              {categories.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name="includeArchived"
              value="1"
              className="size-4 accent-brand-700"
            />
            Include archived cards
          </label>
          <Button type="submit" variant="secondary">
            Download CSV
          </Button>
        </form>

        <Form
          method="post"
          action={here}
          encType="multipart/form-data"
          preventScrollReset
          className="space-y-3 rounded-xl border border-slate-200 bg-white p-5"
        >
          <h3 className="font-semibold text-slate-900">Import from CSV</h3>
          <p id="import-hint" className="text-sm text-slate-600">
            {`Columns question, answer and category (optional; empty is General), with or without a header row. Up to ${CSV_LIMITS.maxRows.toLocaleString("en-IN")} cards and 1 MB. You will see every row before anything is saved.`}
          </p>
          <input type="hidden" name="intent" value="import-preview" />
          <div>
            <label
              htmlFor="import-file"
              className="mb-1.5 block text-sm font-medium text-slate-800"
            >
              CSV file
            </label>
            <input
              id="import-file"
              type="file"
              name="file"
              accept=".csv,text/csv"
              required
              aria-describedby={error ? "import-hint import-error" : "import-hint"}
              aria-invalid={error ? true : undefined}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-900"
            />
          </div>
          {error ? (
            <p id="import-error" role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <Button type="submit" variant="secondary" disabled={intent === "import-preview"}>
            {intent === "import-preview" ? "Checking…" : "Preview import"}
          </Button>
        </Form>
      </div>
      {preview ? <ImportPreviewPanel view={view} preview={preview} /> : null}
    </section>
  );
}

function ImportPreviewPanel({
  view,
  preview,
}: {
  view: FlashcardView;
  preview: ImportPreviewData;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "import-confirm";
  const refused = preview.rows.filter((row) => row.problems.length > 0).length;
  const limited = preview.room !== -1 && preview.room < preview.importable;
  const willImport = limited ? preview.room : preview.importable;
  const okRows = new Set<number>();
  let room = preview.room === -1 ? Infinity : preview.room;
  for (const row of preview.rows) {
    if (row.problems.length === 0 && room > 0) {
      okRows.add(row.row);
      room -= 1;
    }
  }

  return (
    <section
      aria-labelledby="import-preview-heading"
      className="space-y-4 rounded-xl border border-brand-200 bg-brand-50/50 p-5"
      data-testid="import-preview"
    >
      <h3 id="import-preview-heading" tabIndex={-1} className="font-semibold text-slate-900">
        {`Preview of ${preview.fileName || "your file"}`}
      </h3>
      <p className="text-slate-800" role="status">
        {`${cardCountLabel(willImport)} ready to import.`}
        {refused > 0 ? ` ${refused === 1 ? "1 row" : `${refused} rows`} will not be imported.` : ""}
      </p>
      {limited && preview.limitMessage ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {`Your plan has room for ${cardCountLabel(preview.room)} more: rows after that will not be imported. ${preview.limitMessage}`}
        </p>
      ) : null}
      <div className="max-h-96 overflow-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Rows of the file and whether each will be imported</caption>
          <thead className="sticky top-0 bg-slate-50 text-slate-700">
            <tr>
              {["Row", "Question", "Answer", "Category", "Result"].map((name) => (
                <th key={name} scope="col" className="px-3 py-2 font-semibold">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {preview.rows.map((row) => {
              const ok = okRows.has(row.row);
              const problems =
                row.problems.length > 0 ? row.problems : ok ? [] : [preview.limitMessage ?? ""];
              return (
                <tr key={row.row} data-testid="import-row" className={cn(!ok && "bg-red-50/60")}>
                  <td className="px-3 py-2 align-top text-slate-600">{row.row}</td>
                  <td className="max-w-56 px-3 py-2 align-top break-words">{row.question}</td>
                  <td className="max-w-56 px-3 py-2 align-top break-words">{row.answer}</td>
                  <td className="px-3 py-2 align-top">{row.category}</td>
                  <td className="px-3 py-2 align-top">
                    {ok ? (
                      <span className="font-medium text-emerald-800">Will import</span>
                    ) : (
                      <span className="text-red-800">
                        <span className="font-medium">Not imported: </span>
                        {problems.join(" ")}
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Form
        method="post"
        action={flashcardsHref(view)}
        preventScrollReset
        className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end"
      >
        <input type="hidden" name="intent" value="import-confirm" />
        <input type="hidden" name="importKey" value={preview.importKey} />
        <input type="hidden" name="csv" value={preview.csv} />
        <Link
          to={flashcardsHref(view, {}, {}, "#import-export")}
          preventScrollReset
          className={buttonClasses("secondary")}
        >
          Cancel
        </Link>
        <Button type="submit" disabled={busy || willImport === 0}>
          {busy ? "Importing…" : `Import ${cardCountLabel(willImport)}`}
        </Button>
      </Form>
    </section>
  );
}
