/**
 * Case study attempts (Pro) in D1 (`case_attempts`): starting or resuming a
 * case, reading an attempt as the learner sees it, taking an action, and
 * finishing with the scored debrief. The rules are the engine's
 * (case-engine.server.ts); this file keeps them safe under concurrency:
 *
 * - one active attempt per learner and case (a partial unique index): a
 *   second start, even at the same moment, resumes the first;
 * - every write is a conditional UPDATE on `version`; a write that lost the
 *   race reads again and re-applies its action (actions are idempotent, so a
 *   repeated one changes nothing) — nothing is half-written or doubled.
 */
import type { PatientReply } from "~/integrations/ai/index.server";
import {
  CASE_MESSAGES,
  type CaseAction,
  type CaseDebrief,
  type CaseHomeEntry,
  type CaseProgressEntry,
  type CaseView,
  type DomainScore,
} from "~/lib/case-studies";
import type { Database } from "~/db/client.server";
import type { AppContext } from "~/load-context";
import {
  type CaseFile,
  caseListStatement,
  caseSummaries,
  parseCaseBody,
} from "./case-library.server";
import {
  applyAction,
  canFinish,
  type CaseState,
  caseView,
  earlierAnswer,
  freeTextLeft,
  newCaseState,
  scoreCase,
} from "./case-engine.server";

export type CaseDeps = {
  db: Database;
  /** A virtual patient's answer to a free-text question (app/integrations/ai). */
  patientReply: (input: Parameters<AppContext["ai"]["patientReply"]>[0]) => Promise<PatientReply>;
  now: () => number;
};

export function caseDeps(context: AppContext, now: () => number = Date.now): CaseDeps {
  return { db: context.db, patientReply: (input) => context.ai.patientReply(input), now };
}

type AttemptRow = {
  id: string;
  user_id: string;
  case_id: string;
  status: "active" | "finished";
  state: string;
  version: number;
  score: number | null;
  breakdown: string | null;
  started_at: number;
  finished_at: number | null;
  /** The case's file (case_studies.body), read with the attempt. */
  body: string | null;
};

type Attempt = {
  id: string;
  file: CaseFile;
  status: "active" | "finished";
  state: CaseState;
  version: number;
  score: number | null;
  debrief: CaseDebrief | null;
  startedAt: number;
  finishedAt: number | null;
};

/** An attempt with its case, from `case_attempts a`. */
const SELECT_ATTEMPT = `SELECT a.id, a.user_id, a.case_id, a.status, a.state, a.version, a.score,
    a.breakdown, a.started_at, a.finished_at, c.body
  FROM case_attempts a LEFT JOIN case_studies c ON c.id = a.case_id`;

function toAttempt(row: AttemptRow): Attempt | null {
  if (row.body === null) return null;
  return {
    id: row.id,
    file: parseCaseBody(row.body),
    status: row.status,
    state: JSON.parse(row.state) as CaseState,
    version: row.version,
    score: row.score,
    debrief: row.breakdown ? (JSON.parse(row.breakdown) as CaseDebrief) : null,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

/** The attempt with its case, as one statement (it can ride the chrome's batch). */
export function caseAttemptStatement(
  db: Database,
  userId: string,
  id: string,
): D1PreparedStatement {
  return db.$client
    .prepare(`${SELECT_ATTEMPT} WHERE a.id = ?1 AND a.user_id = ?2`)
    .bind(id, userId);
}

async function readAttempt(db: Database, userId: string, id: string): Promise<Attempt | null> {
  const row = await caseAttemptStatement(db, userId, id).first<AttemptRow>();
  return row ? toAttempt(row) : null;
}

const meta = (attempt: Attempt) => ({
  attemptId: attempt.id,
  status: attempt.status,
  version: attempt.version,
});

export type ReadCase =
  | { status: "not-found" }
  | { status: "active"; view: CaseView }
  | { status: "finished"; view: CaseView; debrief: CaseDebrief; score: number };

function readResult(attempt: Attempt): ReadCase {
  const view = caseView(attempt.file, attempt.state, meta(attempt));
  if (attempt.status === "finished" && attempt.debrief) {
    return { status: "finished", view, debrief: attempt.debrief, score: attempt.score ?? 0 };
  }
  return { status: "active", view };
}

/** An attempt as its learner sees it (another learner's is not found). */
export async function readCase(deps: CaseDeps, userId: string, id: string): Promise<ReadCase> {
  return caseFromResult(await caseAttemptStatement(deps.db, userId, id).all());
}

/** readCase from caseAttemptStatement's result, read already (riding the chrome's batch). */
export function caseFromResult(result: D1Result): ReadCase {
  const row = result.results[0] as AttemptRow | undefined;
  const attempt = row ? toAttempt(row) : null;
  return attempt ? readResult(attempt) : { status: "not-found" };
}

type MineRow = { case_id: string; best: number | null; finished: number; active_id: string | null };

/** The case list and the learner's attempts by case, for caseHomeOf (one batch, or riding one). */
export function caseHomeStatements(db: Database, userId: string): D1PreparedStatement[] {
  return [
    caseListStatement(db),
    db.$client
      .prepare(
        `SELECT case_id, MAX(score) AS best,
                SUM(CASE WHEN status = 'finished' THEN 1 ELSE 0 END) AS finished,
                MAX(CASE WHEN status = 'active' THEN id END) AS active_id
         FROM case_attempts WHERE user_id = ?1 GROUP BY case_id`,
      )
      .bind(userId),
  ];
}

/**
 * Every case with the learner's best score and a running attempt to resume:
 * the case list (summary columns, no bodies) and the learner's attempts in one batch.
 */
export async function caseHome(db: Database, userId: string): Promise<CaseHomeEntry[]> {
  return caseHomeOf(await db.$client.batch(caseHomeStatements(db, userId)));
}

/** caseHomeStatements' results as the page's entries. */
export function caseHomeOf([list, attempts]: readonly D1Result[]): CaseHomeEntry[] {
  const mine = new Map((attempts!.results as MineRow[]).map((row) => [row.case_id, row]));
  return caseSummaries(list!.results).map((summary) => {
    const row = mine.get(summary.id);
    return {
      ...summary,
      bestScore: row?.best ?? null,
      finishedCount: row?.finished ?? 0,
      activeAttemptId: row?.active_id ?? null,
    };
  });
}

export type StartCase =
  { status: "not-found" } | { status: "started" | "resumed"; attemptId: string; view: CaseView };

/**
 * Starts `caseId`, or resumes the learner's running attempt at it, in one
 * batch: the insert takes the case's setting from case_studies (no row, no
 * attempt: not found), and the read returns the active attempt with its case.
 * Two starts at the same moment make one attempt: the insert yields to the
 * partial unique index, and both read the one that is active.
 */
export async function startCase(
  deps: CaseDeps,
  userId: string,
  caseId: string,
): Promise<StartCase> {
  const id = crypto.randomUUID();
  const now = deps.now();
  const [, active] = await deps.db.$client.batch([
    deps.db.$client
      .prepare(
        `INSERT INTO case_attempts (id, user_id, case_id, setting, status, state, clock_minutes,
           version, started_at, updated_at)
         SELECT ?1, ?2, id, setting, 'active', ?4, 0, 0, ?5, ?5 FROM case_studies WHERE id = ?3
         ON CONFLICT DO NOTHING`,
      )
      .bind(id, userId, caseId, JSON.stringify(newCaseState()), now),
    deps.db.$client
      .prepare(`${SELECT_ATTEMPT} WHERE a.user_id = ?1 AND a.case_id = ?2 AND a.status = 'active'`)
      .bind(userId, caseId),
  ]);
  const row = active!.results[0] as AttemptRow | undefined;
  const attempt = row ? toAttempt(row) : null;
  if (!attempt) return { status: "not-found" };
  return {
    status: attempt.id === id ? "started" : "resumed",
    attemptId: attempt.id,
    view: caseView(attempt.file, attempt.state, meta(attempt)),
  };
}

/** Writes a new state if nobody else wrote since `version`; false when someone did. */
async function writeState(
  deps: CaseDeps,
  attempt: Attempt,
  state: CaseState,
  finish?: { score: number; breakdown: CaseDebrief },
): Promise<boolean> {
  const now = deps.now();
  const result = await deps.db.$client
    .prepare(
      `UPDATE case_attempts SET state = ?1, clock_minutes = ?2, deteriorated_at = ?3,
         version = version + 1, updated_at = ?4,
         status = CASE WHEN ?5 IS NULL THEN status ELSE 'finished' END,
         score = ?5, breakdown = ?6, finished_at = CASE WHEN ?5 IS NULL THEN NULL ELSE ?4 END
       WHERE id = ?7 AND version = ?8 AND status = 'active'`,
    )
    .bind(
      JSON.stringify(state),
      state.clock,
      state.deterioratedAt,
      now,
      finish?.score ?? null,
      finish ? JSON.stringify(finish.breakdown) : null,
      attempt.id,
      attempt.version,
    )
    .run();
  // Its own row (changes also counts the page-version trigger's write: migration 0019).
  return result.meta.changes > 0;
}

export type ActResult =
  | { status: "not-found" }
  | { status: "finished" }
  | { status: "invalid" | "refused" | "conflict"; message: string }
  | { status: "ok"; view: CaseView; changed: boolean; message: string | null };

const ATTEMPTS = 4;

/** One action on the learner's running attempt. */
export async function actOnCase(
  deps: CaseDeps,
  userId: string,
  id: string,
  action: CaseAction,
): Promise<ActResult> {
  let answer: { text: string; factIds: string[] } | undefined;
  for (let round = 0; round < ATTEMPTS; round++) {
    const attempt = await readAttempt(deps.db, userId, id);
    if (!attempt) return { status: "not-found" };
    if (attempt.status === "finished") return { status: "finished" };
    const { file } = attempt;
    if (
      action.type === "ask" &&
      !answer &&
      earlierAnswer(attempt.state, action.question) === null &&
      freeTextLeft(attempt.state) > 0
    ) {
      // The patient answers once, before the write; a retried write reuses the answer.
      const reply = await deps.patientReply({
        patient: file.patient,
        complaint: file.presentingComplaint,
        facts: file.history.map((h) => ({ id: h.id, question: h.question, answer: h.answer })),
        question: action.question,
      });
      answer = { text: reply.text, factIds: reply.factIds };
    }
    const result = applyAction(file, attempt.state, action, answer);
    if (result.status !== "ok") return result;
    if (!result.changed) {
      const view = caseView(file, attempt.state, meta(attempt));
      return { status: "ok", view, changed: false, message: result.message };
    }
    if (await writeState(deps, attempt, result.state)) {
      const written = { ...attempt, state: result.state, version: attempt.version + 1 };
      return {
        status: "ok",
        view: caseView(file, result.state, meta(written)),
        changed: true,
        message: result.message,
      };
    }
  }
  return { status: "conflict", message: CASE_MESSAGES.conflict };
}

export type FinishResult =
  | { status: "not-found" }
  | { status: "incomplete" | "conflict"; message: string }
  | { status: "finished"; debrief: CaseDebrief; score: number; view: CaseView };

/** Finishes the attempt and saves its score and breakdown; finishing twice gives the same debrief. */
export async function finishCase(
  deps: CaseDeps,
  userId: string,
  id: string,
): Promise<FinishResult> {
  for (let round = 0; round < ATTEMPTS; round++) {
    const attempt = await readAttempt(deps.db, userId, id);
    if (!attempt) return { status: "not-found" };
    const read = readResult(attempt);
    if (read.status === "finished") return { ...read, status: "finished" };
    if (!canFinish(attempt.state)) {
      return { status: "incomplete", message: CASE_MESSAGES.needDiagnosisAndDisposition };
    }
    const debrief = scoreCase(attempt.file, attempt.state);
    if (
      await writeState(deps, attempt, attempt.state, { score: debrief.score, breakdown: debrief })
    ) {
      const view = caseView(attempt.file, attempt.state, {
        attemptId: attempt.id,
        status: "finished",
        version: attempt.version + 1,
      });
      return { status: "finished", debrief, score: debrief.score, view };
    }
  }
  return { status: "conflict", message: CASE_MESSAGES.conflict };
}

// ---------------------------------------------------------------------------
// /progress: every finished case, read in the page's one D1 batch.

export function caseProgressStatement(db: Database, userId: string): D1PreparedStatement {
  return db.$client
    .prepare(
      `SELECT a.id, a.case_id, a.score, a.breakdown, a.finished_at, c.title, c.specialty
       FROM case_attempts a JOIN case_studies c ON c.id = a.case_id
       WHERE a.user_id = ?1 AND a.status = 'finished' ORDER BY a.finished_at`,
    )
    .bind(userId);
}

type ProgressRow = {
  id: string;
  case_id: string;
  score: number;
  breakdown: string;
  finished_at: number;
  title: string;
  specialty: CaseProgressEntry["specialty"];
};

/** caseProgressStatement's rows as /progress shows them, oldest first. */
export function caseProgressEntries(rows: readonly unknown[]): CaseProgressEntry[] {
  return (rows as ProgressRow[]).map((row) => {
    const debrief = JSON.parse(row.breakdown) as { domains: DomainScore[] };
    return {
      attemptId: row.id,
      caseId: row.case_id,
      title: row.title,
      specialty: row.specialty,
      score: row.score,
      finishedAt: row.finished_at,
      domains: debrief.domains,
    };
  });
}
