/**
 * Laying out a plan, on small inputs checked by hand: shares from weights and
 * weakness, days off, the revision window, flashcards due, the weekly timed
 * paper (a mock exam for Pro), block sizes and question counts. 23 Nov 2026
 * is a Monday.
 */
import { describe, expect, it } from "vitest";
import { NEET_PG_SUBJECT_WEIGHTS } from "~/data/neet-pg-weights";
import { addDays, type PlanSettings, taskHref, weekdayOf } from "~/lib/study-plan";
import {
  buildPlan,
  examSubjectWeights,
  flashcardMinutes,
  paperDays,
  type PlanInput,
  questionsFor,
  revisionDayCount,
  splitBlocks,
  studyDays,
  subjectPriorities,
} from "./study-plan-schedule";

const MONDAY = "2026-11-23";

function input(
  overrides: Omit<Partial<PlanInput>, "settings"> & { settings?: Partial<PlanSettings> } = {},
) {
  const { settings, ...rest } = overrides;
  return {
    today: MONDAY,
    weights: [
      { subject: "Anatomy", weight: 3 },
      { subject: "Pathology", weight: 1 },
    ],
    topics: [
      { subject: "Anatomy", topic: "Upper limb", questions: 50 },
      { subject: "Anatomy", topic: "Thorax", questions: 50 },
      { subject: "Pathology", topic: "Neoplasia", questions: 50 },
    ],
    answers: [],
    flashcardsDue: new Map(),
    done: new Map(),
    mockExams: false,
    ...rest,
    settings: {
      exam: "neet-pg",
      examDate: "2026-11-28",
      hoursPerDay: 1,
      daysOff: [],
      ...settings,
    },
  } satisfies PlanInput;
}

const minutesBy = (tasks: ReturnType<typeof buildPlan>, subject: string) =>
  tasks.filter((task) => task.subject === subject).reduce((sum, task) => sum + task.minutes, 0);

describe("subject shares", () => {
  it("follow the exam weights when the learner has no answers", () => {
    const shares = subjectPriorities(
      [
        { subject: "Anatomy", weight: 3 },
        { subject: "Pathology", weight: 1 },
      ],
      [],
    );
    expect(shares.map((row) => [row.subject, row.share, row.accuracy])).toEqual([
      ["Anatomy", 0.75, null],
      ["Pathology", 0.25, null],
    ]);
  });

  it("give a weaker subject more time: weight × (2 − accuracy)", () => {
    const shares = subjectPriorities(
      [
        { subject: "Anatomy", weight: 1 },
        { subject: "Pathology", weight: 1 },
      ],
      [
        { subject: "Anatomy", topic: "Thorax", answered: 6, correct: 6 },
        { subject: "Anatomy", topic: "Upper limb", answered: 4, correct: 4 },
        { subject: "Pathology", topic: "Neoplasia", answered: 10, correct: 0 },
      ],
    );
    // Anatomy 10/10 right: 1 × (2 − 1) = 1; Pathology 0/10: 1 × 2 = 2.
    expect(shares[0]).toMatchObject({ accuracy: 1, share: 1 / 3 });
    expect(shares[1]).toMatchObject({ accuracy: 0, share: 2 / 3 });
    // Revision: the gap (1 − accuracy), at least 0.1: 0.1 and 1.
    expect(shares[0]!.revisionShare).toBeCloseTo(0.1 / 1.1, 10);
    expect(shares[1]!.revisionShare).toBeCloseTo(1 / 1.1, 10);
  });

  it("count a subject with fewer than 5 answers as 50 % (factor 1.5)", () => {
    const shares = subjectPriorities(
      [
        { subject: "Anatomy", weight: 1 },
        { subject: "Pathology", weight: 1 },
      ],
      [
        { subject: "Anatomy", topic: "Thorax", answered: 4, correct: 0 },
        { subject: "Pathology", topic: "Neoplasia", answered: 5, correct: 5 },
      ],
    );
    // Anatomy unknown: 1.5; Pathology 5/5: 1.
    expect(shares[0]).toMatchObject({ accuracy: null, share: 0.6 });
    expect(shares[1]).toMatchObject({ accuracy: 1, share: 0.4 });
  });

  it("use NEET-PG's weights for INI-CET and FMGE, and an even spread for university exams", () => {
    expect(examSubjectWeights("ini-cet")).toEqual(examSubjectWeights("neet-pg"));
    expect(examSubjectWeights("fmge")).toEqual(examSubjectWeights("neet-pg"));
    expect(examSubjectWeights("neet-pg")[0]).toEqual({ subject: "Medicine", weight: 24 });
    const university = examSubjectWeights("university");
    expect(university).toHaveLength(NEET_PG_SUBJECT_WEIGHTS.length);
    expect(new Set(university.map((row) => row.weight))).toEqual(new Set([1]));
  });
});

describe("sizes", () => {
  it("split a day into blocks of about an hour, at most six, multiples of 5", () => {
    expect(splitBlocks(10)).toEqual([]);
    expect(splitBlocks(25)).toEqual([25]);
    expect(splitBlocks(120)).toEqual([60, 60]);
    expect(splitBlocks(340)).toEqual([60, 60, 55, 55, 55, 55]);
    expect(splitBlocks(840)).toEqual([140, 140, 140, 140, 140, 140]);
  });

  it("size tests at 1.5 minutes a question, at most 100 and at most the topic's pool", () => {
    expect(questionsFor(45)).toBe(30);
    expect(questionsFor(55)).toBe(36);
    expect(questionsFor(45, 6)).toBe(6);
    expect(questionsFor(200)).toBe(100);
  });

  it("give flashcards 30 s a card, at least 5 minutes, at most a quarter of the day", () => {
    expect(flashcardMinutes(1, 360)).toBe(5);
    expect(flashcardMinutes(30, 360)).toBe(15);
    expect(flashcardMinutes(500, 360)).toBe(90);
    expect(flashcardMinutes(500, 30)).toBe(5);
  });

  it("make the last 12 % of study days revision, at least one", () => {
    expect(revisionDayCount(0)).toBe(0);
    expect(revisionDayCount(1)).toBe(1);
    expect(revisionDayCount(5)).toBe(1);
    expect(revisionDayCount(50)).toBe(6);
    expect(revisionDayCount(730)).toBe(88);
  });
});

describe("the days", () => {
  it("run from today to the exam's eve, without the weekdays off", () => {
    const days = studyDays(
      { exam: "neet-pg", examDate: "2026-12-07", hoursPerDay: 2, daysOff: [0, 6] },
      MONDAY,
    );
    expect(days).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
    ]);
  });

  it("put the timed paper on each week's last study day, never the exam's eve", () => {
    const days = studyDays(
      { exam: "neet-pg", examDate: "2026-12-05", hoursPerDay: 2, daysOff: [0] },
      MONDAY,
    );
    // Week 1: Mon 23 – Sat 28 (Sunday off); week 2: Mon 30 – Fri 4 Dec, whose last is the eve.
    expect([...paperDays(days)]).toEqual(["2026-11-28", "2026-12-03"]);
  });
});

describe("a plan", () => {
  it("gives subjects practice time by weight, hand-checked block by block", () => {
    const tasks = buildPlan(input());
    // Mon–Fri study days; Thu 26 the paper; Fri 27 (the eve, the last 12 %) revision.
    expect(tasks.map((task) => [task.day, task.kind, task.subject, task.minutes])).toEqual([
      ["2026-11-23", "practice", "Anatomy", 60],
      ["2026-11-24", "practice", "Anatomy", 60],
      ["2026-11-25", "practice", "Pathology", 60],
      ["2026-11-26", "practice", "Anatomy", 30],
      ["2026-11-26", "mock", null, 30],
      ["2026-11-27", "revision", "Anatomy", 60],
    ]);
    // Topics rotate within a subject (larger pool first, then A–Z).
    expect(tasks.filter((task) => task.subject === "Anatomy").map((task) => task.topic)).toEqual([
      "Thorax",
      "Upper limb",
      "Thorax",
      null,
    ]);
  });

  it("keeps to the shares over a long plan, within one block", () => {
    const tasks = buildPlan(
      input({ settings: { examDate: addDays(MONDAY, 200), hoursPerDay: 3 } }),
    ).filter((task) => task.kind === "practice");
    const total = minutesBy(tasks, "Anatomy") + minutesBy(tasks, "Pathology");
    expect(Math.abs(minutesBy(tasks, "Anatomy") - total * 0.75)).toBeLessThanOrEqual(60);
  });

  it("gives the weaker subject more time when the weights are equal", () => {
    const tasks = buildPlan(
      input({
        weights: [
          { subject: "Anatomy", weight: 1 },
          { subject: "Pathology", weight: 1 },
        ],
        answers: [
          { subject: "Anatomy", topic: "Thorax", answered: 10, correct: 10 },
          { subject: "Pathology", topic: "Neoplasia", answered: 10, correct: 0 },
        ],
        settings: { examDate: addDays(MONDAY, 120), hoursPerDay: 2 },
      }),
    ).filter((task) => task.kind === "practice");
    const anatomy = minutesBy(tasks, "Anatomy");
    const pathology = minutesBy(tasks, "Pathology");
    expect(Math.abs(pathology - 2 * anatomy)).toBeLessThanOrEqual(120);
  });

  it("starts a subject with its weakest topic, then unseen ones", () => {
    const tasks = buildPlan(
      input({
        answers: [
          { subject: "Anatomy", topic: "Upper limb", answered: 4, correct: 1 },
          { subject: "Anatomy", topic: "Thorax", answered: 4, correct: 4 },
        ],
        topics: [
          { subject: "Anatomy", topic: "Thorax", questions: 50 },
          { subject: "Anatomy", topic: "Upper limb", questions: 50 },
          { subject: "Anatomy", topic: "Embryology", questions: 5 },
          { subject: "Pathology", topic: "Neoplasia", questions: 50 },
        ],
      }),
    );
    expect(tasks.filter((task) => task.kind === "practice" && task.subject === "Anatomy")).toEqual([
      expect.objectContaining({ topic: "Upper limb", questionCount: 40 }),
      expect.objectContaining({ topic: "Embryology", questionCount: 5 }),
      expect.objectContaining({ topic: "Thorax", questionCount: 20 }),
    ]);
  });

  it("leaves days off empty and fills each study day to the hours", () => {
    const tasks = buildPlan(
      input({ settings: { examDate: addDays(MONDAY, 60), hoursPerDay: 4.5, daysOff: [0, 3] } }),
    );
    expect(tasks.some((task) => [0, 3].includes(weekdayOf(task.day)))).toBe(false);
    const byDay = new Map<string, number>();
    for (const task of tasks) byDay.set(task.day, (byDay.get(task.day) ?? 0) + task.minutes);
    for (const minutes of byDay.values()) expect(minutes).toBeLessThanOrEqual(270);
    expect([...byDay.values()].filter((minutes) => minutes === 270).length).toBe(byDay.size);
  });

  it("makes the last 12 % of study days revision of weak subjects' wrong answers", () => {
    const settings = { examDate: addDays(MONDAY, 50), hoursPerDay: 2 };
    const tasks = buildPlan(
      input({
        settings,
        answers: [
          { subject: "Anatomy", topic: "Thorax", answered: 10, correct: 9 },
          { subject: "Pathology", topic: "Neoplasia", answered: 10, correct: 3 },
        ],
      }),
    );
    const days = studyDays({ ...input().settings, ...settings }, MONDAY);
    expect(days).toHaveLength(50);
    const revisionDays = new Set(days.slice(-6));
    for (const task of tasks.filter((task) => task.kind !== "mock")) {
      expect(task.kind).toBe(revisionDays.has(task.day) ? "revision" : "practice");
    }
    const revision = tasks.filter((task) => task.kind === "revision");
    // Revision weights: Anatomy 3 × 0.1 = 0.3, Pathology 1 × 0.7 = 0.7.
    expect(minutesBy(revision, "Pathology")).toBeGreaterThan(minutesBy(revision, "Anatomy"));
    expect(revision[0]).toMatchObject({
      title: "Revision: Pathology, questions you got wrong",
      questionCount: 40,
    });
    expect(taskHref(revision[0]!, "neet-pg")).toBe(
      "/practice?subject=Pathology&status=incorrect&count=40",
    );
  });

  it("plans the flashcard reviews due each day, overdue ones and day-off ones on the next study day", () => {
    const tasks = buildPlan(
      input({
        settings: { examDate: addDays(MONDAY, 60), hoursPerDay: 6, daysOff: [0] },
        flashcardsDue: new Map([
          ["2026-11-20", 4],
          ["2026-11-23", 6],
          ["2026-11-25", 30],
          ["2026-11-29", 3],
          ["2026-12-20", 8],
          ["2026-12-21", 9],
        ]),
      }),
    ).filter((task) => task.kind === "flashcards");
    // 20 Dec is the last day of the four weeks; 21 Dec is past them.
    expect(tasks.map((task) => [task.day, task.questionCount, task.minutes, task.title])).toEqual([
      ["2026-11-23", 10, 5, "Flashcard reviews: 10 cards due"],
      ["2026-11-25", 30, 15, "Flashcard reviews: 30 cards due"],
      ["2026-11-30", 3, 5, "Flashcard reviews: 3 cards due"],
      ["2026-12-21", 8, 5, "Flashcard reviews: 8 cards due"],
    ]);
  });

  it("adds a weekly timed paper at the exam's pace, up to half the day", () => {
    const tasks = buildPlan(
      input({ settings: { exam: "ini-cet", examDate: addDays(MONDAY, 14), hoursPerDay: 2 } }),
    );
    const papers = tasks.filter((task) => task.kind === "mock");
    // Week 1 ends on Sun 29 Nov; week 2's last day, Sun 6 Dec, is the exam's eve (exam Mon 7 Dec),
    // so its paper is on Sat 5 Dec.
    expect(papers.map((task) => task.day)).toEqual(["2026-11-29", "2026-12-05"]);
    // Half of 120 minutes at INI-CET's 54 s a question: 66 questions, 59.4 → 60 minutes.
    expect(papers[0]).toMatchObject({
      title: "Timed practice paper (exam pace)",
      questionCount: 66,
      minutes: 60,
    });
    expect(taskHref(papers[0]!, "ini-cet")).toBe("/practice?mode=timed&count=66&exam=ini-cet");
  });

  it("keeps what was done today and fills only the rest of the day", () => {
    const tasks = buildPlan(input({ done: new Map([[MONDAY, { minutes: 45, nextPosition: 2 }]]) }));
    expect(tasks.filter((task) => task.day === MONDAY)).toEqual([
      expect.objectContaining({ minutes: 15, position: 2, kind: "practice" }),
    ]);
  });

  it("links practice to the builder pre-filled", () => {
    const [first] = buildPlan(input());
    expect(first!.title).toBe("Practice test: Anatomy · Thorax");
    expect(taskHref(first!, "neet-pg")).toBe(
      "/practice?subject=Anatomy&topic=Thorax&count=40&mode=tutor",
    );
  });

  it("is the same for the same inputs, and stays small for an exam two years away", () => {
    const far = input({
      weights: examSubjectWeights("neet-pg"),
      settings: { examDate: addDays(MONDAY, 730), hoursPerDay: 14 },
    });
    const first = buildPlan(far);
    expect(buildPlan(far)).toEqual(first);
    expect(new Set(first.map((task) => task.day)).size).toBe(730);
    expect(first.length).toBeLessThanOrEqual(730 * 8);
    expect(Math.max(...first.map((task) => task.questionCount ?? 0))).toBeLessThanOrEqual(100);
  });

  it("has no tasks when no study day is left", () => {
    expect(buildPlan(input({ settings: { examDate: "2026-11-24", daysOff: [1] } }))).toEqual([]);
  });
});

describe("the weekly paper for a Pro learner", () => {
  /** The first week's paper (Sun 29 Nov) and that day's minutes, for an exam two weeks away. */
  function firstPaper(settings: Partial<PlanSettings>, mockExams: boolean) {
    const exam = settings.exam ?? "neet-pg";
    const tasks = buildPlan(
      input({ mockExams, settings: { examDate: addDays(MONDAY, 14), ...settings } }),
    );
    const day = tasks.filter((task) => task.day === "2026-11-29");
    const paper = day.find((task) => task.kind === "mock" || task.kind === "mock-exam")!;
    return {
      paper: [paper.kind, paper.title, paper.questionCount, paper.minutes, taskHref(paper, exam)],
      dayMinutes: day.reduce((sum, task) => sum + task.minutes, 0),
    };
  }

  const mock = (name: string, questions: number, minutes: number, href: string) => [
    "mock-exam",
    `${name} mock (exam conditions)`,
    questions,
    minutes,
    `/mock-exams?${href}`,
  ];
  const timed = (questions: number, minutes: number, exam: string) => [
    "mock",
    "Timed practice paper (exam pace)",
    questions,
    minutes,
    `/practice?mode=timed&count=${questions}&exam=${exam}`,
  ];

  it.each([
    // NEET-PG's quarter mock: 52.5 → 55 minutes, in half of 120.
    [
      "the quarter mock at 2 h a day",
      { hoursPerDay: 2 },
      true,
      mock("NEET-PG quarter", 50, 55, "pattern=neet-pg&length=quarter"),
    ],
    // The full paper's 210 minutes in half of 480.
    [
      "the full mock at 8 h a day",
      { hoursPerDay: 8 },
      true,
      mock("NEET-PG full", 200, 210, "pattern=neet-pg&length=full"),
    ],
    // INI-CET: 180 minutes do not fit in 120, the half's 90 do; at 1.5 h the quarter's 45 fit 45 exactly.
    [
      "INI-CET's half mock at 4 h a day",
      { exam: "ini-cet", hoursPerDay: 4 },
      true,
      mock("INI-CET half", 100, 90, "pattern=ini-cet&length=half"),
    ],
    [
      "INI-CET's quarter mock at 1.5 h a day",
      { exam: "ini-cet", hoursPerDay: 1.5 },
      true,
      mock("INI-CET quarter", 50, 45, "pattern=ini-cet&length=quarter"),
    ],
    // No mock fits 30 minutes: the timed paper, 28 questions at 63 s (29.4 → 30 minutes).
    ["the timed paper at 0.5 h a day", { hoursPerDay: 0.5 }, true, timed(28, 30, "neet-pg")],
    // FMGE's quarter mock is 75 minutes, more than half of 120.
    [
      "the timed paper for FMGE at 2 h a day",
      { exam: "fmge", hoursPerDay: 2 },
      true,
      timed(60, 60, "fmge"),
    ],
    // A university exam has no mock: 60 minutes at 72 s a question.
    [
      "the timed paper for a university exam",
      { exam: "university", hoursPerDay: 2 },
      true,
      timed(50, 60, "university"),
    ],
    // Plus, as before: 60 minutes at 63 s a question, 57 questions (59.85 → 60 minutes).
    [
      "the timed paper for a Plus learner at 2 h a day",
      { hoursPerDay: 2 },
      false,
      timed(57, 60, "neet-pg"),
    ],
    [
      "the timed paper for a Plus learner at 8 h a day",
      { hoursPerDay: 8 },
      false,
      timed(100, 105, "neet-pg"),
    ],
  ] as const)("is %s", (_, settings, mockExams, paper) => {
    expect(firstPaper(settings, mockExams).paper).toEqual(paper);
  });

  it("leaves the rest of the day to practice, the day still its hours", () => {
    expect(firstPaper({ hoursPerDay: 2 }, true).dayMinutes).toBe(120);
    expect(firstPaper({ hoursPerDay: 8 }, true).dayMinutes).toBe(480);
    expect(firstPaper({ hoursPerDay: 0.5 }, true).dayMinutes).toBe(30);
  });
});
