/**
 * The case engine: a pure state machine over one case file and one attempt's
 * state (no I/O; app/models/case-studies.server.ts stores the state). It
 * follows the time rule of docs/case-studies.md:
 *
 * - a history question, an examination and a treatment take their minutes one
 *   after another (the clock moves by them);
 * - an investigation takes only its ordering time (CASE_LIMITS.orderMinutes);
 *   its result arrives after its turnaround, in parallel with the rest, and is
 *   shown only once the clock has reached it (a culture's text says when its
 *   report would come, and holds nothing up);
 * - the patient deteriorates the moment the clock reaches
 *   `deteriorateAfterMinutes` unless every critical action was completed by
 *   then: the vitals switch to `vitalsAfter` and the deterioration text shows.
 *
 * Repeating an action (the same question, examination, order or treatment)
 * changes nothing, so a retried request never doubles time or cost.
 * The scored debrief (scoreCase) is here too, so the rules live in one file.
 */
import {
  CASE_LIMITS,
  CASE_MESSAGES,
  type CaseAction,
  type CaseDebrief,
  type CaseView,
  DOMAIN_WEIGHTS,
  type DomainScore,
  type TimelineEntry,
} from "~/lib/case-studies";
import type { CaseFile } from "./case-library.server";

type Timed = { at: number; until: number };

export type CaseStep =
  | ({ kind: "history" | "exam" | "treat"; id: string } & Timed)
  | ({ kind: "order"; id: string; dueAt: number; rupees: number; available: boolean } & Timed)
  | ({
      kind: "ask";
      question: string;
      key: string;
      answer: string;
      factIds: string[];
    } & Timed)
  | ({ kind: "wait" } & Timed);

export type CaseState = {
  steps: CaseStep[];
  clock: number;
  differential: string[];
  diagnosis: string | null;
  disposition: string | null;
  deterioratedAt: number | null;
};

/** The patient's reply to a free-text question (app/integrations/ai `patientReply`). */
export type PatientAnswer = { text: string; factIds: string[] };

export type ActionResult =
  | { status: "ok"; state: CaseState; changed: boolean; message: string | null }
  | { status: "invalid"; message: string }
  | { status: "refused"; message: string };

export function newCaseState(): CaseState {
  return {
    steps: [],
    clock: 0,
    differential: [],
    diagnosis: null,
    disposition: null,
    deterioratedAt: null,
  };
}

/** A free-text question as compared for repeats: lower case, words only. */
function questionKey(question: string): string {
  return question
    .toLowerCase()
    .replace(/[^a-z0-9\u0900-\u097f ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const freeTextAsked = (state: CaseState) => state.steps.filter((s) => s.kind === "ask").length;

export function freeTextLeft(state: CaseState): number {
  return Math.max(0, CASE_LIMITS.freeTextQuestions - freeTextAsked(state));
}

/** The earlier answer to the same free-text question, if it was asked. */
export function earlierAnswer(state: CaseState, question: string): string | null {
  const key = questionKey(question);
  const step = state.steps.find((s) => s.kind === "ask" && s.key === key);
  return step?.kind === "ask" ? step.answer : null;
}

function has(state: CaseState, kind: CaseStep["kind"], id: string): boolean {
  return state.steps.some((s) => s.kind === kind && "id" in s && s.id === id);
}

/** History items asked from the list or covered by a free-text answer. */
function historyCovered(state: CaseState): Set<string> {
  const ids = new Set<string>();
  for (const step of state.steps) {
    if (step.kind === "history") ids.add(step.id);
    if (step.kind === "ask") for (const id of step.factIds) ids.add(id);
  }
  return ids;
}

/** When the last critical action was completed, or null while any is still to do. */
function criticalDoneAt(file: CaseFile, state: CaseState): number | null {
  let latest = 0;
  for (const id of file.timeline.criticalActions) {
    const step = state.steps.find((s) => s.kind === "treat" && s.id === id);
    if (!step) return null;
    latest = Math.max(latest, step.until);
  }
  return latest;
}

/** Moves the clock and checks the patient: deterioration happens at the limit, once. */
function advance(file: CaseFile, state: CaseState, minutes: number): void {
  state.clock += minutes;
  if (state.deterioratedAt !== null) return;
  const limit = file.timeline.deteriorateAfterMinutes;
  if (state.clock < limit) return;
  const done = criticalDoneAt(file, state);
  if (done !== null && done <= limit) return;
  state.deterioratedAt = limit;
}

const clone = (state: CaseState): CaseState => structuredClone(state);

function timedStep(
  file: CaseFile,
  state: CaseState,
  kind: "history" | "exam" | "treat",
  id: string,
  minutes: number,
): ActionResult {
  if (has(state, kind, id)) return { status: "ok", state, changed: false, message: null };
  const next = clone(state);
  next.steps.push({ kind, id, at: next.clock, until: next.clock + minutes });
  advance(file, next, minutes);
  return { status: "ok", state: next, changed: true, message: null };
}

const unknown = (): ActionResult => ({ status: "invalid", message: CASE_MESSAGES.unknownItem });

/**
 * One action on a running case. A free-text question needs the patient's
 * answer, found beforehand (`answer`); a repeat of an earlier question gives
 * the earlier answer and changes nothing.
 */
export function applyAction(
  file: CaseFile,
  state: CaseState,
  action: CaseAction,
  answer?: PatientAnswer,
): ActionResult {
  const setting = file.setting;
  switch (action.type) {
    case "history": {
      const item = file.history.find((h) => h.id === action.id);
      return item ? timedStep(file, state, "history", item.id, item.minutes) : unknown();
    }
    case "exam": {
      const item = file.examination.find((e) => e.id === action.id);
      return item ? timedStep(file, state, "exam", item.id, item.minutes) : unknown();
    }
    case "treat": {
      const item = file.management.find((m) => m.id === action.id);
      return item ? timedStep(file, state, "treat", item.id, item.minutes) : unknown();
    }
    case "order": {
      const item = file.investigations.find((i) => i.id === action.id);
      if (!item) return unknown();
      if (has(state, "order", item.id)) {
        const available = item.available[setting];
        return {
          status: "ok",
          state,
          changed: false,
          message: available ? null : CASE_MESSAGES.notAvailable,
        };
      }
      const next = clone(state);
      if (!item.available[setting]) {
        // Not available here: said, and recorded, at no cost in time or money.
        next.steps.push({
          kind: "order",
          id: item.id,
          at: next.clock,
          until: next.clock,
          dueAt: next.clock,
          rupees: 0,
          available: false,
        });
        return { status: "ok", state: next, changed: true, message: CASE_MESSAGES.notAvailable };
      }
      const at = next.clock;
      next.steps.push({
        kind: "order",
        id: item.id,
        at,
        until: at + CASE_LIMITS.orderMinutes,
        dueAt: at + item.minutes,
        rupees: item.cost[setting],
        available: true,
      });
      advance(file, next, CASE_LIMITS.orderMinutes);
      return { status: "ok", state: next, changed: true, message: null };
    }
    case "ask": {
      const earlier = earlierAnswer(state, action.question);
      if (earlier !== null) return { status: "ok", state, changed: false, message: earlier };
      if (freeTextLeft(state) === 0)
        return { status: "refused", message: CASE_MESSAGES.freeTextCap };
      if (!answer) return { status: "invalid", message: CASE_MESSAGES.notUnderstood };
      const covered = historyCovered(state);
      const known = new Set(file.history.map((h) => h.id));
      const factIds = [...new Set(answer.factIds)].filter((id) => known.has(id)).slice(0, 2);
      // The time of the listed questions it newly answers, or a minute.
      const minutes = Math.max(
        1,
        file.history
          .filter((h) => factIds.includes(h.id) && !covered.has(h.id))
          .reduce((sum, h) => sum + h.minutes, 0),
      );
      const next = clone(state);
      next.steps.push({
        kind: "ask",
        question: action.question,
        key: questionKey(action.question),
        answer: answer.text,
        factIds,
        at: next.clock,
        until: next.clock + minutes,
      });
      advance(file, next, minutes);
      return { status: "ok", state: next, changed: true, message: answer.text };
    }
    case "differential": {
      const ids = [...new Set(action.ids)];
      if (!ids.every((id) => file.differentials.some((d) => d.id === id))) return unknown();
      const same =
        ids.length === state.differential.length &&
        ids.every((id, i) => state.differential[i] === id);
      if (same) return { status: "ok", state, changed: false, message: null };
      return {
        status: "ok",
        state: { ...clone(state), differential: ids },
        changed: true,
        message: null,
      };
    }
    case "diagnosis": {
      if (!file.differentials.some((d) => d.id === action.id)) return unknown();
      if (state.diagnosis === action.id)
        return { status: "ok", state, changed: false, message: null };
      return {
        status: "ok",
        state: { ...clone(state), diagnosis: action.id },
        changed: true,
        message: null,
      };
    }
    case "disposition": {
      if (!file.disposition.options.some((o) => o.id === action.id)) return unknown();
      if (state.disposition === action.id)
        return { status: "ok", state, changed: false, message: null };
      return {
        status: "ok",
        state: { ...clone(state), disposition: action.id },
        changed: true,
        message: null,
      };
    }
    case "wait": {
      // Waiting until a minute: asking twice for the same minute waits once.
      const until = Math.min(action.until, state.clock + CASE_LIMITS.maxWaitMinutes);
      if (until <= state.clock) return { status: "ok", state, changed: false, message: null };
      const next = clone(state);
      next.steps.push({ kind: "wait", at: next.clock, until });
      advance(file, next, until - next.clock);
      return { status: "ok", state: next, changed: true, message: null };
    }
  }
}

export function canFinish(state: CaseState): boolean {
  return state.diagnosis !== null && state.disposition !== null;
}

// ---------------------------------------------------------------------------
// What the learner sees.

function timeline(file: CaseFile, state: CaseState): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const step of state.steps) {
    const { at, until } = step;
    if (step.kind === "history") {
      const item = file.history.find((h) => h.id === step.id)!;
      entries.push({ at, until, text: `Asked: ${item.question}` });
    } else if (step.kind === "exam") {
      const item = file.examination.find((e) => e.id === step.id)!;
      entries.push({ at, until, text: `Examined: ${item.system}, ${item.label}` });
    } else if (step.kind === "treat") {
      const item = file.management.find((m) => m.id === step.id)!;
      entries.push({ at, until, text: `Done: ${item.action}` });
    } else if (step.kind === "order") {
      const item = file.investigations.find((i) => i.id === step.id)!;
      entries.push({
        at,
        until,
        text: step.available
          ? `Ordered: ${item.name}${step.rupees ? ` (₹${step.rupees.toLocaleString("en-IN")})` : ""}, result due at minute ${step.dueAt}`
          : `Ordered: ${item.name}: not available here`,
      });
    } else if (step.kind === "ask") {
      entries.push({ at, until, text: `Asked: “${step.question}”` });
    } else {
      entries.push({ at, until, text: `Waited until minute ${until}` });
    }
  }
  if (state.deterioratedAt !== null) {
    const at = state.deterioratedAt;
    const index = entries.findIndex((entry) => entry.until > at);
    const entry = { at, until: at, text: "The patient deteriorated." };
    if (index === -1) entries.push(entry);
    else entries.splice(index + 1, 0, entry);
  }
  return entries;
}

export type AttemptMeta = {
  attemptId: string;
  status: "active" | "finished";
  version: number;
};

/** The case as the learner has uncovered it: never a value, a `why`, an unordered result or the answer. */
export function caseView(file: CaseFile, state: CaseState, meta: AttemptMeta): CaseView {
  const covered = historyCovered(state);
  const asked = new Set(state.steps.flatMap((s) => (s.kind === "history" ? [s.id] : [])));
  const examined = new Set(state.steps.flatMap((s) => (s.kind === "exam" ? [s.id] : [])));
  const given = new Map(state.steps.flatMap((s) => (s.kind === "treat" ? [[s.id, s.at]] : [])));
  const orders = new Map(
    state.steps.flatMap((s) => (s.kind === "order" ? [[s.id, s] as const] : [])),
  );
  const deteriorated = state.deterioratedAt !== null;
  const pendingDue = [...orders.values()]
    .filter((o) => o.available && o.dueAt > state.clock)
    .map((o) => o.dueAt);
  return {
    attemptId: meta.attemptId,
    caseId: file.id,
    title: file.title,
    specialty: file.specialty,
    subject: file.subject,
    difficulty: file.difficulty,
    setting: file.setting,
    status: meta.status,
    version: meta.version,
    patient: file.patient,
    presentingComplaint: file.presentingComplaint,
    clock: state.clock,
    vitals: deteriorated ? file.timeline.vitalsAfter : file.vitals,
    deterioration: deteriorated
      ? { at: state.deterioratedAt!, text: file.timeline.deterioration }
      : null,
    rupeesSpent: [...orders.values()].reduce((sum, o) => sum + o.rupees, 0),
    history: file.history.map((h) => ({
      id: h.id,
      question: h.question,
      minutes: h.minutes,
      // A question asked from the list shows its answer; one a free-text answer covered too.
      answer: asked.has(h.id) || covered.has(h.id) ? h.answer : null,
    })),
    freeText: state.steps.flatMap((s) =>
      s.kind === "ask" ? [{ question: s.question, answer: s.answer, at: s.at }] : [],
    ),
    freeTextLeft: freeTextLeft(state),
    examination: file.examination.map((e) => ({
      id: e.id,
      system: e.system,
      label: e.label,
      minutes: e.minutes,
      finding: examined.has(e.id) ? e.finding : null,
    })),
    investigations: file.investigations.map((i) => {
      const order = orders.get(i.id);
      const state_ = !order
        ? "not-ordered"
        : !order.available
          ? "unavailable"
          : order.dueAt > state.clock
            ? "pending"
            : "ready";
      return {
        id: i.id,
        name: i.name,
        rupees: i.cost[file.setting],
        turnaround: i.minutes,
        state: state_,
        dueAt: order?.available ? order.dueAt : null,
        result: state_ === "ready" ? i.result : null,
      };
    }),
    management: file.management.map((m) => ({
      id: m.id,
      action: m.action,
      minutes: m.minutes,
      givenAt: given.get(m.id) ?? null,
    })),
    differentials: file.differentials.map((d) => ({ id: d.id, label: d.label })),
    differential: state.differential,
    diagnosis: state.diagnosis,
    dispositionOptions: file.disposition.options,
    disposition: state.disposition,
    nextResultAt: pendingDue.length ? Math.min(...pendingDue) : null,
    timeline: timeline(file, state),
  };
}

// ---------------------------------------------------------------------------
// The scored debrief.

/** Points lost in their domain for each wasteful test, harmful or unnecessary action. */
const CASE_PENALTIES = { wasteful: 2, harmful: 5, unnecessary: 2 } as const;

const share = (weight: number, done: number, total: number) =>
  total === 0 ? weight : Math.round((weight * done) / total);

/**
 * The debrief: each domain's points out of its weight (DOMAIN_WEIGHTS, 100 in
 * all) and the total in percent.
 *
 * - history, examination: weight × essential items covered / essential items;
 * - investigations: weight × necessary tests ordered / necessary tests, less
 *   2 for each wasteful test ordered (one not available here costs nothing);
 * - diagnosis: 15 for the correct final diagnosis, 5 for having it in the differential;
 * - management: weight × essential actions given / essential actions, less 5
 *   for each harmful and 2 for each unnecessary one;
 * - disposition: all or nothing; time: all when the patient did not deteriorate.
 *
 * No domain goes below 0.
 */
export function scoreCase(file: CaseFile, state: CaseState): CaseDebrief {
  const setting = file.setting;
  const covered = historyCovered(state);
  const examined = new Set(state.steps.flatMap((s) => (s.kind === "exam" ? [s.id] : [])));
  const treated = new Map(
    state.steps.flatMap((s) => (s.kind === "treat" ? [[s.id, s.until]] : [])),
  );
  const ordered = new Set(
    state.steps.flatMap((s) => (s.kind === "order" && s.available ? [s.id] : [])),
  );
  const W = DOMAIN_WEIGHTS;

  const essentialHistory = file.history.filter((h) => h.value === "essential");
  const historyPoints = share(
    W.history,
    essentialHistory.filter((h) => covered.has(h.id)).length,
    essentialHistory.length,
  );

  const essentialExam = file.examination.filter((e) => e.value === "essential");
  const examPoints = share(
    W.examination,
    essentialExam.filter((e) => examined.has(e.id)).length,
    essentialExam.length,
  );

  const test = (i: CaseFile["investigations"][number]) => ({
    id: i.id,
    label: i.name,
    why: i.why,
    rupees: i.cost[setting],
  });
  const necessary = file.investigations.filter(
    (i) => i.value === "necessary" && i.available[setting],
  );
  const necessaryOrdered = necessary.filter((i) => ordered.has(i.id));
  const wasteful = file.investigations.filter((i) => i.value === "wasteful" && ordered.has(i.id));
  const investigationPoints = Math.max(
    0,
    share(W.investigations, necessaryOrdered.length, necessary.length) -
      CASE_PENALTIES.wasteful * wasteful.length,
  );

  const label = (id: string | null) => {
    const found = file.differentials.find((d) => d.id === id);
    return found ? { id: found.id, label: found.label } : null;
  };
  const correct = label(file.diagnosis.correct)!;
  const finalCorrect = state.diagnosis === file.diagnosis.correct;
  const inDifferential = state.differential.includes(file.diagnosis.correct);
  const diagnosisPoints = (finalCorrect ? 15 : 0) + (inDifferential ? 5 : 0);

  const action = (m: CaseFile["management"][number]) => ({ id: m.id, label: m.action, why: m.why });
  const byValue = (value: string) => file.management.filter((m) => m.value === value);
  const essential = byValue("essential");
  const essentialGiven = essential.filter((m) => treated.has(m.id));
  const harmfulGiven = byValue("harmful").filter((m) => treated.has(m.id));
  const unnecessaryGiven = byValue("unnecessary").filter((m) => treated.has(m.id));
  const managementPoints = Math.max(
    0,
    share(W.management, essentialGiven.length, essential.length) -
      CASE_PENALTIES.harmful * harmfulGiven.length -
      CASE_PENALTIES.unnecessary * unnecessaryGiven.length,
  );

  const option = (id: string | null) => file.disposition.options.find((o) => o.id === id) ?? null;
  const dispositionPoints = state.disposition === file.disposition.correct ? W.disposition : 0;
  const deteriorated = state.deterioratedAt !== null;
  const timePoints = deteriorated ? 0 : W.time;

  const domains: DomainScore[] = [
    { domain: "history", points: historyPoints, max: W.history },
    { domain: "examination", points: examPoints, max: W.examination },
    { domain: "investigations", points: investigationPoints, max: W.investigations },
    { domain: "diagnosis", points: diagnosisPoints, max: W.diagnosis },
    { domain: "management", points: managementPoints, max: W.management },
    { domain: "disposition", points: dispositionPoints, max: W.disposition },
    { domain: "time", points: timePoints, max: W.time },
  ];
  const total = domains.reduce((sum, d) => sum + d.points, 0);
  const max = domains.reduce((sum, d) => sum + d.max, 0);
  const rupeesSpent = state.steps.reduce((sum, s) => sum + (s.kind === "order" ? s.rupees : 0), 0);

  return {
    score: Math.round((100 * total) / max),
    domains,
    history: {
      asked: file.history
        .filter((h) => covered.has(h.id))
        .map((h) => ({ id: h.id, label: h.question, value: h.value })),
      missedEssential: essentialHistory
        .filter((h) => !covered.has(h.id))
        .map((h) => ({ id: h.id, label: h.question })),
    },
    examination: {
      done: file.examination
        .filter((e) => examined.has(e.id))
        .map((e) => ({ id: e.id, label: `${e.system}: ${e.label}`, value: e.value })),
      missedEssential: essentialExam
        .filter((e) => !examined.has(e.id))
        .map((e) => ({ id: e.id, label: `${e.system}: ${e.label}` })),
    },
    investigations: {
      necessaryOrdered: necessaryOrdered.map(test),
      necessaryMissed: necessary.filter((i) => !ordered.has(i.id)).map(test),
      usefulOrdered: file.investigations
        .filter((i) => i.value === "useful" && ordered.has(i.id))
        .map(test),
      wastefulOrdered: wasteful.map(test),
      wastefulRupees: wasteful.reduce((sum, i) => sum + i.cost[setting], 0),
      rupeesSpent,
    },
    diagnosis: {
      final: label(state.diagnosis),
      correct,
      finalCorrect,
      inDifferential,
      differential: state.differential.flatMap((id) => label(id) ?? []),
      reasoning: file.diagnosis.reasoning,
      candidates: file.differentials,
    },
    management: {
      essentialGiven: essentialGiven.map(action),
      essentialMissed: essential.filter((m) => !treated.has(m.id)).map(action),
      appropriateGiven: byValue("appropriate")
        .filter((m) => treated.has(m.id))
        .map(action),
      harmfulGiven: harmfulGiven.map(action),
      unnecessaryGiven: unnecessaryGiven.map(action),
    },
    disposition: {
      chosen: option(state.disposition),
      correct: option(file.disposition.correct)!,
      why: file.disposition.why,
    },
    time: {
      deteriorated,
      deterioratedAt: state.deterioratedAt,
      limit: file.timeline.deteriorateAfterMinutes,
      criticalActions: file.timeline.criticalActions.map((id) => {
        const m = file.management.find((item) => item.id === id)!;
        return { ...action(m), doneAt: treated.get(id) ?? null };
      }),
      finishedAtMinute: state.clock,
      text: file.timeline.deterioration,
    },
    idealPath: file.idealPath,
    teachingPoints: file.teachingPoints,
    references: file.references,
  };
}
