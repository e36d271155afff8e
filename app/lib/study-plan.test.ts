/**
 * The planner's settings as the page's form and the API send them, each
 * refusal with its message; task links and texts; the rebalance notice.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  formatMinutes,
  planPhase,
  rebalanceSummary,
  STUDY_PLAN_MESSAGES,
  studyPlanSettingsSchema,
  taskHref,
  taskMeta,
  taskTitle,
} from "./study-plan";

const TODAY = "2026-11-25";
const schema = studyPlanSettingsSchema(TODAY);

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
}

const firstError = (input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

const valid = { exam: "neet-pg", examDate: "2027-03-14", hoursPerDay: 6, daysOff: [0] };

describe("the settings", () => {
  it("read the form's text: exam, date, half hours and the boxes ticked", () => {
    const submission = parseWithZod(
      form({ exam: "fmge", examDate: "2027-01-10", hoursPerDay: "2.5", daysOff: ["6", "0", "6"] }),
      { schema },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      exam: "fmge",
      examDate: "2027-01-10",
      hoursPerDay: 2.5,
      daysOff: [0, 6],
    });
  });

  it("take no days off when no box is ticked", () => {
    const submission = parseWithZod(
      form({ exam: "university", examDate: "2027-01-10", hoursPerDay: "1" }),
      { schema },
    );
    expect(submission.status === "success" && submission.value.daysOff).toEqual([]);
  });

  it("read the API's JSON", () => {
    expect(schema.parse(valid)).toEqual(valid);
  });

  it("refuse each mistake with a clear message", () => {
    expect(firstError({ ...valid, exam: "usmle" })).toBe(STUDY_PLAN_MESSAGES.examRequired);
    expect(firstError({ ...valid, examDate: "" })).toBe(STUDY_PLAN_MESSAGES.dateRequired);
    expect(firstError({ ...valid, examDate: "2027-02-30" })).toBe(STUDY_PLAN_MESSAGES.dateInvalid);
    expect(firstError({ ...valid, examDate: "14/03/2027" })).toBe(STUDY_PLAN_MESSAGES.dateInvalid);
    expect(firstError({ ...valid, examDate: TODAY })).toBe(STUDY_PLAN_MESSAGES.datePast);
    expect(firstError({ ...valid, examDate: "2026-01-01" })).toBe(STUDY_PLAN_MESSAGES.datePast);
    expect(firstError({ ...valid, examDate: "2028-11-24" })).toBeNull();
    expect(firstError({ ...valid, examDate: "2028-11-25" })).toBe(
      "Choose an exam date within two years, on or before Fri 24 Nov 2028.",
    );
    expect(firstError({ ...valid, hoursPerDay: 0 })).toBe(STUDY_PLAN_MESSAGES.hoursInvalid);
    expect(firstError({ ...valid, hoursPerDay: 14.5 })).toBe(STUDY_PLAN_MESSAGES.hoursInvalid);
    expect(firstError({ ...valid, hoursPerDay: "six" })).toBe(STUDY_PLAN_MESSAGES.hoursInvalid);
    expect(firstError({ ...valid, hoursPerDay: 2.25 })).toBe(STUDY_PLAN_MESSAGES.hoursStep);
    expect(firstError({ ...valid, hoursPerDay: 14 })).toBeNull();
    expect(firstError({ ...valid, hoursPerDay: 0.5 })).toBeNull();
    expect(firstError({ ...valid, daysOff: [7] })).toBe(STUDY_PLAN_MESSAGES.daysOffInvalid);
    expect(firstError({ ...valid, daysOff: ["Sunday"] })).toBe(STUDY_PLAN_MESSAGES.daysOffInvalid);
    expect(firstError({ ...valid, daysOff: [0, 1, 2, 3, 4, 5, 6] })).toBe(
      STUDY_PLAN_MESSAGES.allDaysOff,
    );
  });

  it("show the form's errors by field", () => {
    const submission = parseWithZod(form({ exam: "", examDate: "2020-01-01", hoursPerDay: "" }), {
      schema,
    });
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({
      exam: [STUDY_PLAN_MESSAGES.examRequired],
      examDate: [STUDY_PLAN_MESSAGES.datePast],
      hoursPerDay: [STUDY_PLAN_MESSAGES.hoursInvalid],
    });
  });
});

describe("tasks", () => {
  it("open the right screen pre-filled", () => {
    const practice = {
      kind: "practice",
      subject: "Obstetrics & Gynaecology",
      topic: "Obstetrics",
      questionCount: 30,
    } as const;
    expect(taskHref(practice, "neet-pg")).toBe(
      "/practice?subject=Obstetrics+%26+Gynaecology&topic=Obstetrics&count=30&mode=tutor",
    );
    expect(
      taskHref({ kind: "flashcards", subject: null, topic: null, questionCount: 12 }, "fmge"),
    ).toBe("/flashcards");
  });

  it("open a mock exam on /mock-exams with the exam and the length its questions tell", () => {
    const mock = (questionCount: number) =>
      ({ kind: "mock-exam", subject: null, topic: null, questionCount }) as const;
    expect(taskHref(mock(50), "neet-pg")).toBe("/mock-exams?pattern=neet-pg&length=quarter");
    expect(taskTitle(mock(50), "neet-pg")).toBe("NEET-PG quarter mock (exam conditions)");
    expect(taskHref(mock(100), "ini-cet")).toBe("/mock-exams?pattern=ini-cet&length=half");
    expect(taskTitle(mock(100), "ini-cet")).toBe("INI-CET half mock (exam conditions)");
    expect(taskHref(mock(300), "fmge")).toBe("/mock-exams?pattern=fmge&length=full");
    expect(taskTitle(mock(300), "fmge")).toBe("FMGE full mock (exam conditions)");
    // A count no length of the exam has (the plan's exam changed since): the start form as it is.
    expect(taskHref(mock(75), "neet-pg")).toBe("/mock-exams");
    expect(taskTitle(mock(75), "neet-pg")).toBe("Mock exam (exam conditions)");
    expect(taskHref(mock(50), "university")).toBe("/mock-exams");
  });

  it("keep the timed paper on the practice builder at the exam's pace", () => {
    const paper = { kind: "mock", subject: null, topic: null, questionCount: 57 } as const;
    expect(taskTitle(paper, "neet-pg")).toBe("Timed practice paper (exam pace)");
    expect(taskHref(paper, "neet-pg")).toBe("/practice?mode=timed&count=57&exam=neet-pg");
  });

  it("say how long they take", () => {
    expect(formatMinutes(45)).toBe("45 min");
    expect(formatMinutes(60)).toBe("1 h");
    expect(formatMinutes(150)).toBe("2 h 30 min");
    expect(taskMeta({ kind: "flashcards", questionCount: 1, minutes: 5 })).toBe("1 card · 5 min");
    expect(taskMeta({ kind: "practice", questionCount: 40, minutes: 60 })).toBe(
      "40 questions · 1 h",
    );
    // A topic with few questions in the pool: the rest of the hour is for reading up.
    expect(taskMeta({ kind: "practice", questionCount: 6, minutes: 60 })).toBe(
      "6 questions + topic review · 1 h",
    );
  });

  it("know where the exam stands", () => {
    expect(planPhase("2026-11-24", TODAY)).toBe("passed");
    expect(planPhase(TODAY, TODAY)).toBe("exam-today");
    expect(planPhase("2026-11-26", TODAY)).toBe("exam-tomorrow");
    expect(planPhase("2026-11-27", TODAY)).toBe("ahead");
  });
});

describe("the rebalance notice", () => {
  it("groups what moved by the day it was missed", () => {
    expect(
      rebalanceSummary(
        [
          { action: "moved", title: "A", from: "2026-11-23", to: "2026-11-25" },
          { action: "moved", title: "B", from: "2026-11-23", to: "2026-11-27" },
          { action: "moved", title: "C", from: "2026-11-23", to: "2026-11-25" },
          { action: "moved", title: "D", from: "2026-11-24", to: "2026-11-26" },
          { action: "dropped", title: "E", from: "2026-11-24", to: null },
          { action: "dropped", title: "F", from: "2026-11-24", to: null },
          { action: "displaced", title: "G", from: "2026-11-28", to: null },
          { action: "displaced", title: "H", from: "2026-11-30", to: null },
        ],
        TODAY,
        6.5,
      ),
    ).toEqual([
      "3 tasks from Mon 23 Nov moved to today and Fri 27 Nov.",
      "1 task from Tue 24 Nov moved to tomorrow.",
      "2 tasks from Tue 24 Nov did not fit in the next two weeks within 6.5 h a day and were dropped: E; F.",
      "To keep each day within 6.5 h, 2 lower-priority tasks were dropped: G (Sat 28 Nov); H (Mon 30 Nov).",
    ]);
  });
});
