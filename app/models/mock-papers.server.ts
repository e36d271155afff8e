/**
 * Mock papers from the question pool (docs/decisions/042-mock-exams.md).
 *
 * A paper takes each subject's share of its questions by the pattern's
 * weights (app/lib/mock-patterns.ts), from the pool's active questions,
 * reviewed ones first. Questions the reader of the paper has "seen" are
 * left for last: a subject short of unseen questions borrows unseen ones
 * from its neighbours (the same group first: pre-clinical, para-clinical,
 * clinical), and only when the whole pool has no unseen question left does
 * a paper repeat, the least recently seen first.
 *
 * - A numbered paper (paper n of a pattern and length) is the same for every
 *   learner: "seen" means the series' earlier papers, so papers 1, 2, 3…
 *   are disjoint while the pool allows. It is built from the pool and the
 *   stored earlier papers (building those first when missing) and stored
 *   once: INSERT OR IGNORE on the series' unique index, then read back, so
 *   two learners starting paper 3 at the same moment sit the same paper.
 * - A fresh random paper is the learner's own: "seen" means every question
 *   of their earlier mocks.
 *
 * Within a subject the topics take turns, so a paper spreads over a
 * subject's topics; the paper's order is then shuffled, so every section
 * carries every subject. The ordering is a seeded hash: the same pool and
 * series give the same paper.
 */
import type { Database } from "~/db/client.server";
import type { SubjectWeight } from "~/data/neet-pg-weights";
import {
  MOCK_PATTERNS,
  type MockLength,
  type MockPatternId,
  type MockSection,
  mockShape,
  subjectQuotas,
} from "~/lib/mock-patterns";
import { hash } from "./question-bank.server";

/** A pool question as paper building reads it (no body). */
export type PoolItem = { id: string; subject: string; topic: string; source: "reviewed" | "ai" };

export type MockPaper = {
  id: string;
  pattern: MockPatternId;
  length: MockLength;
  number: number | null;
  ownerId: string | null;
  itemIds: string[];
  sections: MockSection[];
};

export type BuildInput = {
  pool: readonly PoolItem[];
  weights: readonly SubjectWeight[];
  count: number;
  /** Questions to leave for last, by when they were seen (smaller: longer ago, reused first). */
  seen: ReadonlyMap<string, number>;
  /** Orders the questions within a subject. */
  rankSeed: string;
  /** Shuffles the finished paper. */
  orderSeed: string;
};

const ranked = (seed: string) => (a: PoolItem, b: PoolItem) =>
  hash(`${seed}:${a.id}`) - hash(`${seed}:${b.id}`) || (a.id < b.id ? -1 : 1);

/** Reviewed questions before AI-written ones, then topics taking turns (each in hash order). */
function inTurns(items: PoolItem[], seed: string): PoolItem[] {
  const out: PoolItem[] = [];
  for (const source of ["reviewed", "ai"] as const) {
    const byTopic = new Map<string, PoolItem[]>();
    for (const item of items.filter((entry) => entry.source === source).sort(ranked(seed))) {
      byTopic.set(item.topic, [...(byTopic.get(item.topic) ?? []), item]);
    }
    const queues = [...byTopic.values()];
    for (let round = 0; queues.some((queue) => queue.length > round); round++) {
      for (const queue of queues) if (queue[round]) out.push(queue[round]!);
    }
  }
  return out;
}

/**
 * The paper's question ids in order, or null when the pool has fewer active
 * questions than the paper needs. Pure: the same input gives the same paper.
 */
export function buildPaper(input: BuildInput): string[] | null {
  const { pool, weights, count, seen } = input;
  if (pool.length < count) return null;
  const groupOf = new Map(weights.map((weight) => [weight.subject, weight.group]));
  const unseen = new Map<string, PoolItem[]>();
  const subjects = new Set<string>();
  for (const item of pool) subjects.add(item.subject);
  for (const subject of subjects) {
    const items = pool.filter((item) => item.subject === subject && !seen.has(item.id));
    unseen.set(subject, inTurns(items, input.rankSeed));
  }
  const take = (subject: string, wanted: number): PoolItem[] => {
    const queue = unseen.get(subject) ?? [];
    return queue.splice(0, Math.max(0, wanted));
  };

  const chosen: PoolItem[] = [];
  const short = new Map<string, number>();
  for (const [subject, quota] of subjectQuotas(weights, count)) {
    const got = take(subject, quota);
    chosen.push(...got);
    if (got.length < quota) short.set(subject, quota - got.length);
  }
  // Borrow unseen questions: from the subject's group first (the neighbour with most left), then any.
  for (const [subject, missing] of short) {
    for (let left = missing; left > 0; left--) {
      const candidates = [...unseen.entries()].filter(([, queue]) => queue.length > 0);
      if (candidates.length === 0) break;
      const group = groupOf.get(subject);
      const neighbours = candidates.filter(([other]) => groupOf.get(other) === group);
      const from = (neighbours.length > 0 ? neighbours : candidates).sort(
        (a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1),
      )[0]![0];
      chosen.push(...take(from, 1));
    }
  }
  // The pool has no unseen question left: repeat, the least recently seen first.
  if (chosen.length < count) {
    const reuse = pool
      .filter((item) => seen.has(item.id))
      .sort((a, b) => seen.get(a.id)! - seen.get(b.id)! || ranked(input.rankSeed)(a, b));
    chosen.push(...reuse.slice(0, count - chosen.length));
  }
  if (chosen.length < count) return null;
  return chosen.sort(ranked(input.orderSeed)).map((item) => item.id);
}

// ---------------------------------------------------------------------------
// Storage.

export type PaperRow = {
  id: string;
  pattern: string;
  length: string;
  number: number | null;
  owner_id: string | null;
  item_ids: string;
  sections: string;
};

export function paperFromRow(row: PaperRow): MockPaper {
  return {
    id: row.id,
    pattern: row.pattern as MockPatternId,
    length: row.length as MockLength,
    number: row.number,
    ownerId: row.owner_id,
    itemIds: JSON.parse(row.item_ids) as string[],
    sections: JSON.parse(row.sections) as MockSection[],
  };
}

const PAPER_COLUMNS = "id, pattern, length, number, owner_id, item_ids, sections";

function poolQuery(db: Database) {
  return db.$client.prepare(
    `SELECT id, subject, topic, source FROM bank_items
     WHERE kind = 'question' AND status = 'active' ORDER BY id`,
  );
}

/** A numbered paper's id: readable, and the same wherever it is built. */
function numberedPaperId(pattern: MockPatternId, length: MockLength, number: number) {
  return `${pattern}:${length}:${number}`;
}

export function insertPaperStatement(db: Database, paper: MockPaper, now: number) {
  return db.$client
    .prepare(
      `INSERT OR IGNORE INTO mock_papers (id, pattern, length, number, owner_id, item_ids, sections, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`,
    )
    .bind(
      paper.id,
      paper.pattern,
      paper.length,
      paper.number,
      paper.ownerId,
      JSON.stringify(paper.itemIds),
      JSON.stringify(paper.sections),
      now,
    );
}

function seriesSeed(pattern: MockPatternId, length: MockLength) {
  return `mock:${pattern}:${length}`;
}

/**
 * Paper `number` of the series: read when stored, otherwise built (with any
 * missing earlier paper) and stored once. Null when the pool is too small.
 */
export async function numberedPaper(
  db: Database,
  pattern: MockPatternId,
  length: MockLength,
  number: number,
  now: number,
): Promise<MockPaper | null> {
  const d1 = db.$client;
  const stored = await d1
    .prepare(
      `SELECT ${PAPER_COLUMNS} FROM mock_papers
       WHERE pattern = ?1 AND length = ?2 AND number BETWEEN 1 AND ?3 ORDER BY number`,
    )
    .bind(pattern, length, number)
    .all<PaperRow>();
  const papers = new Map(stored.results.map((row) => [row.number!, paperFromRow(row)]));
  const wanted = papers.get(number);
  if (wanted) return wanted;

  const { results: pool } = await poolQuery(db).all<PoolItem>();
  const shape = mockShape(pattern, length);
  const built: MockPaper[] = [];
  const seen = new Map<string, number>();
  for (let n = 1; n <= number; n++) {
    let paper = papers.get(n);
    if (!paper) {
      const itemIds = buildPaper({
        pool,
        weights: MOCK_PATTERNS[pattern].weights,
        count: shape.questions,
        seen,
        rankSeed: seriesSeed(pattern, length),
        orderSeed: `${seriesSeed(pattern, length)}:${n}`,
      });
      if (!itemIds) return null;
      paper = {
        id: numberedPaperId(pattern, length, n),
        pattern,
        length,
        number: n,
        ownerId: null,
        itemIds,
        sections: shape.sections,
      };
      built.push(paper);
    }
    // A question's "age" is the paper it was last in: earlier papers' questions are reused first.
    for (const id of paper.itemIds) seen.set(id, n);
  }
  const results = await d1.batch<PaperRow>([
    ...built.map((paper) => insertPaperStatement(db, paper, now)),
    d1
      .prepare(
        `SELECT ${PAPER_COLUMNS} FROM mock_papers WHERE pattern = ?1 AND length = ?2 AND number = ?3`,
      )
      .bind(pattern, length, number),
  ]);
  const row = results.at(-1)?.results[0];
  return row ? paperFromRow(row) : null;
}

/**
 * A fresh random paper for the learner (not stored: the caller stores it
 * with the sitting): unseen questions first, where "seen" is every question
 * of their earlier mocks, the least recently seen reused first.
 */
export async function randomPaper(
  db: Database,
  userId: string,
  pattern: MockPatternId,
  length: MockLength,
): Promise<MockPaper | null> {
  const d1 = db.$client;
  const [poolRows, seenRows] = await d1.batch<PoolItem | { item_id: string; seen_at: number }>([
    poolQuery(db),
    d1
      .prepare(
        `SELECT j.value AS item_id, max(a.started_at) AS seen_at
         FROM mock_attempts a JOIN mock_papers p ON p.id = a.paper_id, json_each(p.item_ids) j
         WHERE a.user_id = ?1 GROUP BY j.value`,
      )
      .bind(userId),
  ]);
  const seen = new Map(
    (seenRows!.results as { item_id: string; seen_at: number }[]).map((row) => [
      row.item_id,
      row.seen_at,
    ]),
  );
  const shape = mockShape(pattern, length);
  const id = crypto.randomUUID();
  const itemIds = buildPaper({
    pool: poolRows!.results as PoolItem[],
    weights: MOCK_PATTERNS[pattern].weights,
    count: shape.questions,
    seen,
    rankSeed: id,
    orderSeed: id,
  });
  if (!itemIds) return null;
  return { id, pattern, length, number: null, ownerId: userId, itemIds, sections: shape.sections };
}
