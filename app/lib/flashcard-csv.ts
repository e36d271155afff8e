/**
 * Flashcards as CSV (RFC 4180): export writes `question,answer,category`
 * with a header row, UTF-8 with a byte-order mark (so spreadsheet programs
 * read it as UTF-8), CRLF line ends, and fields quoted when they hold a
 * comma, quote or line break. A cell that a spreadsheet would run as a
 * formula (starting with =, +, -, @, tab or carriage return) is written with
 * a leading apostrophe, and import takes that apostrophe off again, so an
 * exported deck imports unchanged.
 *
 * Import reads the same format (quoted or not, CRLF or LF, a BOM or none);
 * the header row is optional: a first row naming question and answer (and
 * perhaps category) in any order is taken as the header, otherwise columns
 * are question, answer, category. The import preview (each row and why it
 * would not be imported) is shaped here for the server and the screen.
 */

const CSV_COLUMNS = ["question", "answer", "category"] as const;

/** What an import file may hold. */
export const CSV_LIMITS = { maxBytes: 1_000_000, maxRows: 1_000 } as const;

export const CSV_MESSAGES = {
  noFile: "Please choose a CSV file to import.",
  tooLarge: "The file is larger than 1 MB. Please split it into smaller files.",
  tooManyRows: `The file has more than ${CSV_LIMITS.maxRows.toLocaleString("en-IN")} cards. Please split it into smaller files.`,
  notUtf8:
    "The file is not UTF-8 text. In your spreadsheet, save it as “CSV UTF-8”, then try again.",
  empty: "The file has no cards in it.",
  unclosedQuote: 'The file ends inside a quoted field (a " is missing).',
  missingColumns: "The header row must name a question and an answer column.",
} as const;

const CSV_ERROR = "CsvError";

export class CsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = CSV_ERROR;
  }
}

/**
 * Whether `error` is a CsvError, by its name: the worker bundles this module
 * twice (never instanceof across them), and the minified bundle renames the
 * class itself, so the check is against the name the constructor sets.
 */
export function isCsvError(error: unknown): error is CsvError {
  return error instanceof Error && error.name === CSV_ERROR;
}

/**
 * Splits CSV text into rows of fields, blank lines included (so row numbers
 * match a spreadsheet's). Throws CsvError on an unclosed quote.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = "";
  };
  while (index < text.length) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        quoted = false;
      } else {
        field += char;
      }
      index += 1;
      continue;
    }
    if (char === '"' && field === "") quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" || char === "\n") {
      endRow();
      if (char === "\r" && text[index + 1] === "\n") index += 1;
    } else field += char;
    index += 1;
  }
  if (quoted) throw new CsvError(CSV_MESSAGES.unclosedQuote);
  if (field !== "" || row.length > 0) endRow();
  return rows;
}

/** A row with nothing in it (a blank line) holds no card. */
function isBlank(cells: string[]): boolean {
  return cells.every((cell) => cell.trim() === "");
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as written: apostrophe-guarded when it would start a formula, quoted when needed. */
function writeCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Undoes writeCell's apostrophe guard. */
function unguardCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** The CSV file for cards: BOM, header, one line per card, CRLF. */
export function flashcardsToCsv(
  cards: ReadonlyArray<{ question: string; answer: string; category: string }>,
): string {
  const lines = [CSV_COLUMNS.join(",")];
  for (const card of cards) {
    lines.push([card.question, card.answer, card.category].map(writeCell).join(","));
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

export type CsvCardRow = {
  /** The row's number as a spreadsheet shows it (a header is row 1; blank rows count). */
  row: number;
  question: string;
  answer: string;
  /** Empty when the row has none (the card then goes to 'General'). */
  category: string;
};

/**
 * The cards a CSV file's text holds, with their row numbers. Throws
 * CsvError when the file cannot be read as cards at all.
 */
export function csvCardRows(text: string): CsvCardRow[] {
  const rows = parseCsv(text).map((cells, index) => ({ cells, row: index + 1 }));
  const filled = rows.filter((row) => !isBlank(row.cells));
  if (filled.length === 0) throw new CsvError(CSV_MESSAGES.empty);
  const first = filled[0]!.cells.map((cell) => cell.trim().toLowerCase());
  const hasHeader = first.includes("question") || first.includes("answer");
  let columns = { question: 0, answer: 1, category: 2 };
  if (hasHeader) {
    const question = first.indexOf("question");
    const answer = first.indexOf("answer");
    if (question === -1 || answer === -1) throw new CsvError(CSV_MESSAGES.missingColumns);
    columns = { question, answer, category: first.indexOf("category") };
  }
  const data = hasHeader ? filled.slice(1) : filled;
  if (data.length === 0) throw new CsvError(CSV_MESSAGES.empty);
  if (data.length > CSV_LIMITS.maxRows) throw new CsvError(CSV_MESSAGES.tooManyRows);
  const cell = (cells: string[], at: number) => (at >= 0 ? unguardCell(cells[at] ?? "") : "");
  return data.map(({ cells, row }) => ({
    row,
    question: cell(cells, columns.question),
    answer: cell(cells, columns.answer),
    category: cell(cells, columns.category),
  }));
}

/** The text of an uploaded file: at most CSV_LIMITS.maxBytes, and UTF-8. */
export async function readCsvFile(file: Blob): Promise<string> {
  if (file.size > CSV_LIMITS.maxBytes) throw new CsvError(CSV_MESSAGES.tooLarge);
  if (file.size === 0) throw new CsvError(CSV_MESSAGES.empty);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw new CsvError(CSV_MESSAGES.notUtf8);
  }
}

// ---------------------------------------------------------------------------
// The import preview.

/** One row of the file as the preview shows it. */
export type ImportRow = {
  row: number;
  question: string;
  answer: string;
  category: string;
  /** Why the row will not be imported; empty when it will. */
  problems: string[];
};

/** What importing a file would do, shown before anything is saved. */
export type ImportPreview = {
  rows: ImportRow[];
  importable: number;
  /**
   * How many of the importable rows the learner's allowance has room for now
   * (-1: no limit). A trial learner's later rows are refused on import.
   */
  room: number;
  /** The message rows beyond `room` will be refused with. */
  limitMessage: string | null;
};
