/**
 * The case engine and its scoring, on two real cases with the scores worked
 * out by hand from the case files (docs/case-studies.md, the time rule).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { CASE_LIMITS, CASE_MESSAGES, type CaseAction } from "~/lib/case-studies";
import { closestFact, matchedReply } from "~/integrations/ai/patient";
import { caseListStatement, caseSummaries, getCase } from "./case-library.server";
import {
  applyAction,
  type CaseState,
  caseView,
  newCaseState,
  type PatientAnswer,
  scoreCase,
} from "./case-engine.server";

const db = createDb(env.DB);
const krait = (await getCase(db, "snakebite-krait-neurotoxic-01"))!;
const anaphylaxis = (await getCase(db, "anaphylaxis-phc-injection-01"))!;
const meta = { attemptId: "a", status: "active" as const, version: 0 };

function run(
  file = krait,
  actions: (CaseAction | [CaseAction, PatientAnswer])[],
  state: CaseState = newCaseState(),
) {
  for (const entry of actions) {
    const [action, answer] = Array.isArray(entry) ? entry : [entry, undefined];
    const result = applyAction(file, state, action, answer);
    if (result.status !== "ok") throw new Error(`${action.type}: ${result.message}`);
    state = result.state;
  }
  return state;
}

const history = (id: string): CaseAction => ({ type: "history", id });
const exam = (id: string): CaseAction => ({ type: "exam", id });
const order = (id: string): CaseAction => ({ type: "order", id });
const treat = (id: string): CaseAction => ({ type: "treat", id });

describe("the case library", () => {
  it("lists all 42 reviewed cases from D1, in specialty order", async () => {
    const cases = caseSummaries((await caseListStatement(db).all()).results);
    expect(cases).toHaveLength(42);
    expect(new Set(cases.map((c) => c.specialty))).toEqual(
      new Set(["medicine", "surgery", "obstetrics", "paediatrics", "emergency"]),
    );
    expect(cases[0]!.specialty).toBe("medicine");
    expect(cases.at(-1)!.specialty).toBe("emergency");
    expect(await getCase(db, "no-such-case")).toBeNull();
  });
});

describe("the time rule", () => {
  it("runs bedside steps one after another and investigations alongside, results only once due", () => {
    let state = run(krait, [history("h-onset"), history("h-bite"), exam("e-local")]);
    expect(state.clock).toBe(6); // 2 + 1 + 3
    state = run(krait, [order("i-20wbct")], state);
    expect(state.clock).toBe(6 + CASE_LIMITS.orderMinutes);
    let view = caseView(krait, state, meta);
    const test = view.investigations.find((i) => i.id === "i-20wbct")!;
    expect(test).toMatchObject({ state: "pending", dueAt: 26, result: null });
    expect(view.nextResultAt).toBe(26);
    // Not ordered: no result whatever the clock.
    expect(view.investigations.find((i) => i.id === "i-cbc")!.result).toBeNull();
    state = run(krait, [treat("m-asv")], state); // 7 → 17: still pending
    expect(caseView(krait, state, meta).investigations[0]!.state).toBe("pending");
    state = run(krait, [{ type: "wait", until: 26 }], state);
    view = caseView(krait, state, meta);
    expect(view.investigations[0]).toMatchObject({ state: "ready" });
    expect(view.investigations[0]!.result).toContain("");
    expect(view.investigations[0]!.result).toBe(krait.investigations[0]!.result);
  });

  it("says 'not available here' for a test the setting lacks, at no cost in time or rupees", () => {
    const first = applyAction(krait, newCaseState(), order("i-mri"));
    expect(first).toMatchObject({ status: "ok", message: CASE_MESSAGES.notAvailable });
    const state = (first as { state: CaseState }).state;
    expect(state.clock).toBe(0);
    const view = caseView(krait, state, meta);
    expect(view.rupeesSpent).toBe(0);
    expect(view.investigations.find((i) => i.id === "i-mri")).toMatchObject({
      state: "unavailable",
      result: null,
    });
  });

  it("repeating an action does not double its time or cost", () => {
    const once = run(krait, [history("h-onset"), order("i-20wbct"), treat("m-asv")]);
    const twice = run(krait, [history("h-onset"), order("i-20wbct"), treat("m-asv")], once);
    expect(twice.clock).toBe(once.clock);
    expect(twice.steps).toHaveLength(3);
    expect(applyAction(krait, once, { type: "wait", until: once.clock })).toMatchObject({
      changed: false,
    });
  });

  it("deteriorates the moment the clock reaches the limit without every critical action", () => {
    let state = run(krait, [treat("m-asv"), { type: "wait", until: 59 }]);
    expect(caseView(krait, state, meta).deterioration).toBeNull();
    state = run(krait, [{ type: "wait", until: 60 }], state);
    const view = caseView(krait, state, meta);
    expect(view.deterioration).toEqual({ at: 60, text: krait.timeline.deterioration });
    expect(view.vitals).toEqual(krait.timeline.vitalsAfter);
    expect(view.timeline.some((entry) => entry.text === "The patient deteriorated.")).toBe(true);
  });

  it("does not deteriorate once every critical action was completed in time", () => {
    const state = run(krait, [treat("m-asv"), treat("m-airway"), { type: "wait", until: 600 }]);
    expect(state.deterioratedAt).toBeNull();
    expect(caseView(krait, state, meta).vitals).toEqual(krait.vitals);
  });

  it("counts a critical action completed after the limit as too late", () => {
    // 55 minutes, then ASV (10): completed at 65, the clock passes 60 without it.
    const state = run(krait, [treat("m-airway"), { type: "wait", until: 55 }, treat("m-asv")]);
    expect(state.deterioratedAt).toBe(60);
  });

  it("refuses choices the case does not have", () => {
    expect(applyAction(krait, newCaseState(), history("h-nope"))).toMatchObject({
      status: "invalid",
      message: CASE_MESSAGES.unknownItem,
    });
    expect(
      applyAction(krait, newCaseState(), { type: "differential", ids: ["d-krait", "d-nope"] }),
    ).toMatchObject({ status: "invalid" });
  });
});

describe("free-text history", () => {
  it("matches a question to the closest listed one, or does not understand", () => {
    const facts = krait.history.map(({ id, question, answer }) => ({ id, question, answer }));
    expect(closestFact("Did something bite him at night?", facts)?.id).toBe("h-bite");
    expect(closestFact("any fever?", facts)?.id).toBe("h-fever");
    expect(matchedReply({ question: "Who won the cricket match?", facts })).toEqual({
      text: CASE_MESSAGES.notUnderstood,
      factIds: [],
      source: "none",
    });
  });

  it("reveals the listed answers a free-text answer covered, once, and caps the questions", () => {
    let state = run(krait, [
      [
        { type: "ask", question: "Did anything bite him?" },
        { text: "Maybe an ant.", factIds: ["h-bite", "e-local"] },
      ],
    ]);
    expect(state.clock).toBe(1);
    const view = caseView(krait, state, meta);
    expect(view.history.find((h) => h.id === "h-bite")!.answer).toBe(krait.history[1]!.answer);
    expect(view.freeText).toEqual([
      { question: "Did anything bite him?", answer: "Maybe an ant.", at: 0 },
    ]);
    // The same question again: the same answer, no time, no use of the cap.
    const again = applyAction(krait, state, { type: "ask", question: "did anything bite him" });
    expect(again).toMatchObject({ status: "ok", changed: false, message: "Maybe an ant." });
    for (let n = 1; n < CASE_LIMITS.freeTextQuestions; n++) {
      state = run(
        krait,
        [
          [
            { type: "ask", question: `Question ${n}` },
            { text: "No.", factIds: [] },
          ],
        ],
        state,
      );
    }
    expect(caseView(krait, state, meta).freeTextLeft).toBe(0);
    expect(
      applyAction(krait, state, { type: "ask", question: "One more?" }, { text: "x", factIds: [] }),
    ).toEqual({ status: "refused", message: CASE_MESSAGES.freeTextCap });
  });
});

describe("the scored debrief (worked by hand)", () => {
  it("krait bite, a good path with one wasteful test and one unnecessary drug: 96 %", () => {
    const state = run(krait, [
      // History: all 5 essential questions (2+1+1+1+1 = 6 minutes) → 15/15.
      ...["h-onset", "h-bite", "h-sleep", "h-swallow", "h-weakness"].map(history),
      // Examination: all 5 essential (2+3+3+3+2 = 13, clock 19) → 15/15.
      ...["e-general", "e-local", "e-cranial", "e-neck-sbc", "e-resp"].map(exam),
      // 20WBCT (necessary) at 19 → 20, due 39; MRI not available (free); CT head wasteful → 21.
      order("i-20wbct"),
      order("i-mri"),
      order("i-ct-head"),
      // Critical: ASV 21 → 31, airway 31 → 41 (within 60); antibiotics unnecessary 41 → 46.
      treat("m-asv"),
      treat("m-airway"),
      treat("m-antibiotics"),
      { type: "differential", ids: ["d-krait", "d-op"] },
      { type: "diagnosis", id: "d-krait" },
      { type: "disposition", id: "x-icu" },
      { type: "wait", until: 70 },
    ]);
    expect(state.clock).toBe(70);
    const debrief = scoreCase(krait, state);
    const points = Object.fromEntries(debrief.domains.map((d) => [d.domain, [d.points, d.max]]));
    expect(points).toEqual({
      history: [15, 15],
      examination: [15, 15],
      investigations: [13, 15], // 1/1 necessary = 15, less 2 for the CT
      diagnosis: [20, 20],
      management: [18, 20], // 2/2 essential = 20, less 2 for the antibiotics
      disposition: [5, 5],
      time: [10, 10],
    });
    expect(debrief.score).toBe(96);
    expect(debrief.investigations.wastefulOrdered.map((i) => i.id)).toEqual(["i-ct-head"]);
    expect(debrief.investigations.necessaryMissed).toEqual([]);
    expect(debrief.management.unnecessaryGiven.map((m) => m.id)).toEqual(["m-antibiotics"]);
    expect(debrief.time.criticalActions.map((c) => c.doneAt)).toEqual([31, 41]);
    expect(debrief.idealPath).toEqual(krait.idealPath);
  });

  it("anaphylaxis, a poor path that lets the patient deteriorate: 27 %", () => {
    const state = run(anaphylaxis, [
      // History: 1 of 3 essential → round(15/3) = 5. Clock 2.
      history("h-injection"),
      history("h-ankle"),
      // Examination: 1 of 4 essential → round(3.75) = 4. Clock 3.
      exam("e-airway"),
      // No necessary tests in this case (15), peak flow wasteful −2 → 13; tryptase not available.
      order("i-peak-flow"),
      order("i-tryptase"),
      order("i-cbg"),
      // Antihistamine first (harmful, 15 minutes): 5 → 20, the clock passes 12 → deteriorated.
      treat("m-antihistamine-first"),
      treat("m-adrenaline-im"),
      treat("m-position"),
      { type: "differential", ids: ["d-vasovagal", "d-asthma"] },
      { type: "diagnosis", id: "d-vasovagal" },
      { type: "disposition", id: "x-home-1h" },
    ]);
    expect(state.deterioratedAt).toBe(12);
    const debrief = scoreCase(anaphylaxis, state);
    const points = Object.fromEntries(debrief.domains.map((d) => [d.domain, d.points]));
    // Management: 2 of 4 essential = 10, less 5 for the harmful antihistamine.
    expect(points).toEqual({
      history: 5,
      examination: 4,
      investigations: 13,
      diagnosis: 0,
      management: 5,
      disposition: 0,
      time: 0,
    });
    expect(debrief.score).toBe(27);
    expect(debrief.diagnosis).toMatchObject({ finalCorrect: false, inDifferential: false });
    expect(debrief.management.harmfulGiven.map((m) => m.id)).toEqual(["m-antihistamine-first"]);
    expect(debrief.management.essentialMissed.map((m) => m.id).sort()).toEqual([
      "m-fluids",
      "m-help",
    ]);
    expect(debrief.time).toMatchObject({ deteriorated: true, deterioratedAt: 12, limit: 12 });
  });
});

describe("what the learner sees", () => {
  it("never carries values, reasons, unordered results or the diagnosis", () => {
    const state = run(krait, [history("h-onset"), exam("e-general"), order("i-cbg")]);
    const text = JSON.stringify(caseView(krait, state, meta));
    expect(text).not.toMatch(/"value"|"why"|"fits"|"correct"|idealPath|reasoning/);
    expect(text).not.toContain(krait.diagnosis.reasoning);
    expect(text).not.toContain(krait.investigations.find((i) => i.id === "i-20wbct")!.result);
    expect(text).not.toContain(krait.history.find((h) => h.id === "h-snake")!.answer);
    expect(text).not.toContain(krait.timeline.deterioration);
  });
});
