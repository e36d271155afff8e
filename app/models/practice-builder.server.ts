/**
 * Choosing a practice test's questions from the pool (bank_items, active
 * questions only): the subjects and topics with their counts, the builder's
 * filters (subject and topic, difficulty, and the learner's own status for
 * each item: never answered, wrong the last time, marked for review), and
 * the ready-made sets (high-yield, weak topics, yesterday's mistakes).
 *
 * Every read here is one statement, returned unrun where a page batches it
 * with its own reads. Among the matches, questions the learner has not seen
 * come first; the test is spread evenly across the subjects (or a set's
 * topics) chosen, and two questions on the same teaching point share a test
 * only when the pool has nothing else.
 */
import type { Database } from "~/db/client.server";
import { NEET_PG_SUBJECT_WEIGHTS } from "~/data/neet-pg-weights";
import { indiaDate } from "~/lib/admin";
import {
  type CatalogueSubject,
  type Difficulty,
  HIGH_YIELD,
  type ItemStatus,
  type PoolPreview,
} from "~/lib/practice";
import { WEAK_TOPIC_LIMIT } from "~/lib/progress";
import { IST_OFFSET_MS } from "~/lib/usage-window";
import type { RankedWeakTopics } from "./progress-analytics.server";

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------
// The catalogue: subjects and topics with their active questions.

/**
 * Active questions per subject and topic, from the counts kept on write
 * (bank_topic_counts): one row per subject with its topics' counts as JSON,
 * read back by catalogueFromResult (a few hundred rows would cost more to
 * hand over than to say).
 */
export function catalogueStatement(db: Database): D1PreparedStatement {
  return db.$client.prepare(
    `SELECT subject, json_group_object(topic, questions) AS topics FROM bank_topic_counts
     WHERE questions > 0 GROUP BY subject ORDER BY subject`,
  );
}

/** SQLite's order for text (BINARY: by code point, as the names are plain). */
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** catalogueStatement's result: subjects by name, each with its topics by name. */
export function catalogueFromResult(result: D1Result | undefined): CatalogueSubject[] {
  return ((result?.results ?? []) as { subject: string; topics: string }[]).map((row) => {
    const topics = Object.entries(JSON.parse(row.topics) as Record<string, number>)
      .map(([topic, count]) => ({ topic, count }))
      .sort((a, b) => byName(a.topic, b.topic));
    const count = topics.reduce((sum, topic) => sum + topic.count, 0);
    return { subject: row.subject, count, topics };
  });
}

export async function practiceCatalogue(db: Database): Promise<CatalogueSubject[]> {
  return catalogueFromResult(await catalogueStatement(db).all());
}

// ---------------------------------------------------------------------------
// Which subjects and topics a choice names.

/** One subject, whole (topic null) or one of its topics. */
export type ScopeEntry = { subject: string; topic: string | null };

/**
 * The subjects and topics chosen, as the pool names them (case aside):
 * a subject ticked alone is the whole subject; topics narrow their subject to
 * themselves. A topic may be `Subject::Topic` or a plain name; a plain name
 * means that topic in the chosen subjects that have it, or, when none of them
 * does, in every subject that has it. Nothing chosen is the whole pool
 * (null). Names the pool does not hold are listed in `unknown`.
 */
export function resolveScope(
  catalogue: readonly CatalogueSubject[],
  subjects: readonly string[],
  topics: readonly string[],
): { scope: ScopeEntry[] | null; unknown: string[] } {
  const subjectByName = new Map(catalogue.map((entry) => [entry.subject.toLowerCase(), entry]));
  const unknown: string[] = [];
  const chosen = new Map<string, Set<string> | null>();
  for (const name of subjects) {
    const entry = subjectByName.get(name.toLowerCase());
    if (!entry) unknown.push(name);
    else if (!chosen.has(entry.subject)) chosen.set(entry.subject, null);
  }
  const narrow = (subject: string, topic: string) => {
    const topicsOf = chosen.get(subject) ?? new Set<string>();
    topicsOf.add(topic);
    chosen.set(subject, topicsOf);
  };
  const topicIn = (entry: CatalogueSubject, name: string) =>
    entry.topics.find((topic) => topic.topic.toLowerCase() === name.toLowerCase())?.topic;

  const plain: string[] = [];
  for (const name of topics) {
    const split = name.indexOf("::");
    if (split === -1) {
      plain.push(name);
      continue;
    }
    const entry = subjectByName.get(name.slice(0, split).trim().toLowerCase());
    const topic = entry ? topicIn(entry, name.slice(split + 2).trim()) : undefined;
    if (entry && topic) narrow(entry.subject, topic);
    else unknown.push(name);
  }
  const ticked = [...chosen.keys()];
  for (const name of plain) {
    const having = catalogue.filter((entry) => topicIn(entry, name));
    if (having.length === 0) {
      unknown.push(name);
      continue;
    }
    const inChosen = having.filter((entry) => ticked.includes(entry.subject));
    for (const entry of inChosen.length > 0 ? inChosen : having) {
      narrow(entry.subject, topicIn(entry, name)!);
    }
  }
  if (chosen.size === 0) return { scope: null, unknown };
  const scope = [...chosen].flatMap(([subject, topicsOf]): ScopeEntry[] =>
    topicsOf ? [...topicsOf].map((topic) => ({ subject, topic })) : [{ subject, topic: null }],
  );
  return { scope, unknown };
}

// ---------------------------------------------------------------------------
// Matching.

export type Criteria = {
  scope: ScopeEntry[] | null;
  difficulty: Difficulty;
  status: ItemStatus;
  /** Only these pool items (a set such as yesterday's mistakes). */
  itemIds?: readonly string[] | null;
};

/** The learner's status for an item, as SQL over `i` (the item) and ?1 (the learner). */
const LATEST_CORRECT = `(SELECT e.correct FROM answer_events e WHERE e.user_id = ?1 AND e.item_id = i.id
   ORDER BY e.answered_at DESC, e.rowid DESC LIMIT 1)`;
const SEEN = "EXISTS (SELECT 1 FROM answer_events e WHERE e.user_id = ?1 AND e.item_id = i.id)";
const STATUS_SQL: Record<ItemStatus, string> = {
  all: "1",
  unseen: `NOT ${SEEN}`,
  incorrect: `${LATEST_CORRECT} = 0`,
  marked: "EXISTS (SELECT 1 FROM item_marks m WHERE m.user_id = ?1 AND m.item_id = i.id)",
};

function matchWhere(status: ItemStatus): string {
  return `i.kind = 'question' AND i.status = 'active'
    AND (?2 IS NULL OR EXISTS (
      SELECT 1 FROM json_each(?2) s
      WHERE json_extract(s.value, '$.subject') = i.subject
        AND (json_extract(s.value, '$.topic') IS NULL OR json_extract(s.value, '$.topic') = i.topic)))
    AND (?3 IS NULL OR i.difficulty = ?3)
    AND (?4 IS NULL OR i.id IN (SELECT value FROM json_each(?4)))
    AND ${STATUS_SQL[status]}`;
}

function matchBindings(userId: string, criteria: Criteria) {
  return [
    userId,
    criteria.scope ? JSON.stringify(criteria.scope) : null,
    criteria.difficulty === "any" ? null : criteria.difficulty,
    criteria.itemIds ? JSON.stringify(criteria.itemIds) : null,
  ] as const;
}

/**
 * How many pool questions match, from the catalogue when the criteria name
 * only subjects and topics (any difficulty, any status, no item list): the
 * catalogue already holds those counts, so the page needs no second read.
 * Null when only the pool can say (matchCountStatement).
 */
export function matchCountFromCatalogue(
  catalogue: readonly CatalogueSubject[],
  criteria: Criteria,
): number | null {
  if (criteria.difficulty !== "any" || criteria.status !== "all" || criteria.itemIds) return null;
  const scope = criteria.scope;
  let count = 0;
  for (const { subject, topics } of catalogue) {
    // As matchWhere: an entry for the subject with no topic, or one naming the topic.
    const entries = scope ? scope.filter((entry) => entry.subject === subject) : null;
    if (entries && entries.length === 0) continue;
    for (const { topic, count: questions } of topics) {
      if (!entries || entries.some((entry) => entry.topic === null || entry.topic === topic)) {
        count += questions;
      }
    }
  }
  return count;
}

/** How many pool questions match (batchable). */
export function matchCountStatement(
  db: Database,
  userId: string,
  criteria: Criteria,
): D1PreparedStatement {
  return db.$client
    .prepare(`SELECT count(*) AS n FROM bank_items i WHERE ${matchWhere(criteria.status)}`)
    .bind(...matchBindings(userId, criteria));
}

export type MatchRow = { id: string; subject: string; topic: string; point: string; seen: number };

/** Every matching question, unseen ones first, otherwise in random order. */
export async function matchingItems(
  db: Database,
  userId: string,
  criteria: Criteria,
): Promise<MatchRow[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT i.id, i.subject, i.topic, lower(trim(i.teaching_point)) AS point, ${SEEN} AS seen
       FROM bank_items i WHERE ${matchWhere(criteria.status)}
       ORDER BY seen, random()`,
    )
    .bind(...matchBindings(userId, criteria))
    .all<MatchRow>();
  return results;
}

/**
 * Up to `count` of the matches, in the order the test asks them: spread
 * evenly across groups (subjects, or a set's topics) taken in turn, or by
 * `quotas` per group when given. Within a group the order of `rows` stands
 * (unseen first); a teaching point already in the test is skipped while
 * anything else is left.
 */
export function pickItems(
  rows: readonly MatchRow[],
  count: number,
  options: { spreadBy: "subject" | "topic"; quotas?: ReadonlyMap<string, number> } = {
    spreadBy: "subject",
  },
): MatchRow[] {
  const keyOf = (row: MatchRow) =>
    options.spreadBy === "subject" ? row.subject : `${row.subject}::${row.topic}`;
  const groups = new Map<string, MatchRow[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  const taken = new Set<string>();
  const points = new Set<string>();
  const byGroup = new Map<string, MatchRow[]>();
  // Unseen questions before seen ones; within each, a new teaching point before a repeated one.
  const passes = [0, 1].flatMap((seen) =>
    [false, true].map((allowRepeat) => ({ seen, allowRepeat })),
  );
  const take = (key: string, pass: (typeof passes)[number]): boolean => {
    const row = groups
      .get(key)
      ?.find(
        (candidate) =>
          !taken.has(candidate.id) &&
          candidate.seen <= pass.seen &&
          (pass.allowRepeat || !points.has(candidate.point)),
      );
    if (!row) return false;
    taken.add(row.id);
    if (row.point) points.add(row.point);
    byGroup.set(key, [...(byGroup.get(key) ?? []), row]);
    return true;
  };
  const size = () => taken.size;
  for (const [key, quota] of options.quotas ?? []) {
    for (const pass of passes) {
      while ((byGroup.get(key)?.length ?? 0) < quota && size() < count && take(key, pass)) {
        // Taken one; try for the next.
      }
    }
  }
  for (const pass of passes) {
    let progress = true;
    while (size() < count && progress) {
      progress = false;
      for (const key of groups.keys()) {
        if (size() >= count) break;
        if (take(key, pass)) progress = true;
      }
    }
  }
  // Asked in turns across the groups, so no stretch of the test is one subject.
  const queues = [...byGroup.values()];
  const ordered: MatchRow[] = [];
  for (let round = 0; ordered.length < taken.size; round++) {
    for (const queue of queues) if (queue[round]) ordered.push(queue[round]!);
  }
  return ordered;
}

// ---------------------------------------------------------------------------
// Ready-made sets.

/**
 * "High-yield in 20 minutes": HIGH_YIELD.questions questions shared among the
 * HIGH_YIELD.subjects heaviest NEET-PG subjects in proportion to their weight
 * (largest remainders get the questions left over).
 */
export function highYieldQuotas(): { subject: string; questions: number }[] {
  const heaviest = [...NEET_PG_SUBJECT_WEIGHTS]
    .sort((a, b) => b.questions - a.questions)
    .slice(0, HIGH_YIELD.subjects);
  const total = heaviest.reduce((sum, entry) => sum + entry.questions, 0);
  const shares = heaviest.map((entry) => {
    const exact = (entry.questions / total) * HIGH_YIELD.questions;
    return { subject: entry.subject, questions: Math.floor(exact), rest: exact % 1 };
  });
  let left = HIGH_YIELD.questions - shares.reduce((sum, share) => sum + share.questions, 0);
  for (const share of [...shares].sort((a, b) => b.rest - a.rest)) {
    if (left-- <= 0) break;
    share.questions += 1;
  }
  return shares.map(({ subject, questions }) => ({ subject, questions }));
}

/**
 * "My weak topics": the learner's weakest topics as /progress ranks them (by
 * marks at stake for the exam; progress-analytics.server.ts), keeping the
 * ones the pool holds questions on, as many as /progress lists.
 */
export function poolWeakTopics(
  ranked: RankedWeakTopics,
  catalogue: readonly CatalogueSubject[],
): RankedWeakTopics {
  const inPool = new Set(
    catalogue.flatMap((entry) => entry.topics.map((topic) => `${entry.subject}::${topic.topic}`)),
  );
  return {
    exam: ranked.exam,
    topics: ranked.topics
      .filter((row) => inPool.has(`${row.subject}::${row.topic}`))
      .slice(0, WEAK_TOPIC_LIMIT),
  };
}

/** Yesterday in India: its day and the instants it starts and ends. */
export function indiaYesterday(now: number): { day: string; start: number; end: number } {
  const day = indiaDate(now - DAY_MS);
  const start = Date.parse(`${day}T00:00:00.000Z`) - IST_OFFSET_MS;
  return { day, start, end: start + DAY_MS };
}

/** Pool questions the learner answered wrong yesterday (India time), any source (batchable). */
export function yesterdayMistakesStatement(
  db: Database,
  userId: string,
  now: number,
): D1PreparedStatement {
  const { start, end } = indiaYesterday(now);
  return db.$client
    .prepare(
      `SELECT DISTINCT e.item_id AS id FROM answer_events e
       JOIN bank_items b ON b.id = e.item_id AND b.kind = 'question' AND b.status = 'active'
       WHERE e.user_id = ?1 AND e.answered_at >= ?2 AND e.answered_at < ?3 AND e.correct = 0`,
    )
    .bind(userId, start, end);
}

// ---------------------------------------------------------------------------
// The upgrade view's preview, from the learner's own answers.

export async function poolPreview(db: Database, userId: string): Promise<PoolPreview> {
  const row = await db.$client
    .prepare(
      `SELECT
         (SELECT coalesce(sum(questions), 0) FROM bank_topic_counts) AS pool,
         (SELECT count(*) FROM bank_items i WHERE i.kind = 'question' AND i.status = 'active'
            AND ${STATUS_SQL.unseen}) AS unseen,
         (SELECT count(*) FROM bank_items i WHERE i.kind = 'question' AND i.status = 'active'
            AND ${STATUS_SQL.incorrect}) AS incorrect`,
    )
    .bind(userId)
    .first<PoolPreview>();
  return row ?? { pool: 0, unseen: 0, incorrect: 0 };
}
