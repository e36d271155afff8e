import { describe, expect, it } from "vitest";
import { CSV_LIMITS, CSV_MESSAGES, csvCardRows, flashcardsToCsv, parseCsv } from "./flashcard-csv";

describe("CSV export", () => {
  it("writes a BOM, a header and CRLF lines, quoting only where needed", () => {
    const csv = flashcardsToCsv([
      { question: "Plain question", answer: "Plain answer", category: "General" },
      { question: 'Say "hello", then?', answer: "Line one\nLine two", category: "A, B" },
    ]);
    expect(csv).toBe(
      '\uFEFFquestion,answer,category\r\nPlain question,Plain answer,General\r\n"Say ""hello"", then?","Line one\nLine two","A, B"\r\n',
    );
  });

  it("guards cells a spreadsheet would run as a formula", () => {
    const csv = flashcardsToCsv([
      { question: '=HYPERLINK("http://x")', answer: "+1 mmHg", category: "-Renal" },
      { question: "@SUM(A1)", answer: "\tTabbed", category: "Safe" },
    ]);
    const rows = parseCsv(csv);
    expect(rows[1]).toEqual(['\'=HYPERLINK("http://x")', "'+1 mmHg", "'-Renal"]);
    expect(rows[2]).toEqual(["'@SUM(A1)", "'\tTabbed", "Safe"]);
  });

  it("imports what it exports unchanged, including guarded and non-ASCII cells", () => {
    const cards = [
      { question: "=1+1?", answer: "-2 is wrong, it's 2", category: "Maths" },
      {
        question: "Dosage of paracetamol — adults?",
        answer: "1 g, max 4 g/día; “quotes”",
        category: "Pharmacology",
      },
      { question: "Multi\nline\r\nquestion", answer: 'ok, "fine"', category: "General" },
    ];
    const rows = csvCardRows(flashcardsToCsv(cards));
    expect(rows.map(({ question, answer, category }) => ({ question, answer, category }))).toEqual(
      cards,
    );
    expect(rows.map((row) => row.row)).toEqual([2, 3, 4]);
  });
});

describe("CSV import", () => {
  it("reads files with no header as question, answer, category and skips blank lines", () => {
    const rows = csvCardRows(
      "What is PR interval?,120-200 ms,Cardiology\n\nHalf-life of adenosine?,Under 10 s\n",
    );
    expect(rows).toEqual([
      { row: 1, question: "What is PR interval?", answer: "120-200 ms", category: "Cardiology" },
      { row: 3, question: "Half-life of adenosine?", answer: "Under 10 s", category: "" },
    ]);
  });

  it("takes a header's columns in any order", () => {
    const rows = csvCardRows("Category,Answer,Question\r\nRenal,Furosemide,Loop diuretic?\r\n");
    expect(rows).toEqual([
      { row: 2, question: "Loop diuretic?", answer: "Furosemide", category: "Renal" },
    ]);
  });

  it("refuses files it cannot read as cards", () => {
    expect(() => csvCardRows("")).toThrow(CSV_MESSAGES.empty);
    expect(() => csvCardRows("question,answer\n")).toThrow(CSV_MESSAGES.empty);
    expect(() => csvCardRows("question,notes\nA,B\n")).toThrow(CSV_MESSAGES.missingColumns);
    expect(() => csvCardRows('"unclosed,answer\n')).toThrow(CSV_MESSAGES.unclosedQuote);
    const tooMany = Array.from({ length: CSV_LIMITS.maxRows + 1 }, (_, n) => `Q${n},A${n}`).join(
      "\n",
    );
    expect(() => csvCardRows(tooMany)).toThrow(CSV_MESSAGES.tooManyRows);
  });
});
