/**
 * The question pool in D1 (docs/question-bank.md): finding items for the
 * topic a learner typed, for quizzes and simulations answered without the AI
 * (no key, the provider failed, or a short AI batch to top up).
 *
 * The topic is read the way the index was built (app/data/question-bank/
 * search.ts): normalised, expanded through the synonym table, and looked up
 * as weighted `tag:`, `name:` and `sub:` terms in `bank_terms`, one indexed
 * query. An item matches on a tag or name, or on nearly all of the topic's
 * distinctive words; items that match nothing are never returned to fill a
 * count: the caller says how many there were. A broad topic ("mixed", "NEET
 * PG") takes a spread across subjects. Items reported out of rotation
 * (status "held") and retired ones are never chosen; two items testing the
 * same teaching point, or with near-identical stems, never share a batch.
 */
import { NEAR_DUPLICATE, stemSimilarity } from "../data/question-bank/tools/rules.mjs";
import {
  itemTerms,
  queryTerms,
  readTopic,
  subjectOfTopic,
  type TopicQuery,
} from "../data/question-bank/search";
import type { Database } from "~/db/client.server";
import type { AssessmentItem, AssessmentKind, PatientCase } from "~/lib/assessments";

/** What a pool item's JSON body holds: what the learner reads, the key and the tags. */
type Body = Pick<
  AssessmentItem,
  "question" | "options" | "correctIndex" | "explanations" | "takeaway" | "reference"
> & { tags?: string[]; case?: PatientCase | null };

/** A `bank_items` row as the search reads it. */
type ItemRow = {
  id: string;
  kind: "question" | "case";
  subject: string;
  topic: string;
  subtopic: string;
  condition: string | null;
  difficulty: "easy" | "moderate" | "hard";
  teaching_point: string;
  source: "reviewed" | "ai";
  body: string;
  seq: number;
};

/** An item as the pool holds it: the row's tags and the body's fields. */
export type BankItem = Omit<ItemRow, "teaching_point" | "body" | "seq"> &
  Required<Body> & { teachingPoint: string };

export type FindBankItemsInput = {
  kind: AssessmentKind;
  topic: string;
  count: number;
  /** Bank ids already in the attempt. */
  excludeIds?: Iterable<string>;
  /** Varies the order among equally good items; the same seed and topic give the same order. */
  seed?: string | number;
};

export type BankMatch = {
  /** Up to `count` items, best first. */
  items: BankItem[];
  /** How many items matched in all (excluded ones aside): more than `items` when more exist. */
  available: number;
  /** The topic named no subject, so the items are a spread across the bank. */
  broad: boolean;
};

/** AI-written items that passed validation, to join the pool. */
export type NewPoolItems = {
  kind: AssessmentKind;
  /** The topic the learner asked for: the items are tagged with it and its subject. */
  topic: string;
  /** The model that wrote them, e.g. "Gemini (gemini-2.5-flash)". */
  model: string;
  items: AssessmentItem[];
};

/** Where the generator finds pool items and adds AI-written ones: D1 in production (`d1Bank`). */
export type BankSource = {
  find(input: FindBankItemsInput): Promise<BankMatch>;
  /** Stores the items; answers their pool ids, in order. */
  add(input: NewPoolItems): Promise<string[]>;
};

const POOL_KIND = { quiz: "question", simulation: "case" } as const;

/** A small stable hash (FNV-1a), for seeded shuffles (here and in mock papers). */
export function hash(text: string): number {
  let value = 2166136261;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 16777619);
  }
  return value >>> 0;
}

function fromRow(row: ItemRow): BankItem {
  const body = JSON.parse(row.body) as Body;
  return {
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    topic: row.topic,
    subtopic: row.subtopic,
    condition: row.condition,
    difficulty: row.difficulty,
    teachingPoint: row.teaching_point,
    source: row.source,
    tags: body.tags ?? [],
    question: body.question,
    options: body.options,
    correctIndex: body.correctIndex,
    explanations: body.explanations,
    takeaway: body.takeaway,
    reference: body.reference ?? null,
    case: body.case ?? null,
  };
}

const ITEM_COLUMNS =
  "i.id, i.kind, i.subject, i.topic, i.subtopic, i.condition, i.difficulty, i.teaching_point, i.source, i.body, i.seq";

/** Stems a learner would take for the same question, and one teaching point per batch. */
function distinctItems(ranked: BankItem[], count: number): BankItem[] {
  const chosen: BankItem[] = [];
  const points = new Set<string>();
  for (const item of ranked) {
    if (chosen.length >= count) break;
    const point = item.teachingPoint.trim().toLowerCase();
    if (point && points.has(point)) continue;
    const stem = item.case ? `${item.case.history} ${item.question}` : item.question;
    if (
      chosen.some(
        (other) =>
          stemSimilarity(
            stem,
            other.case ? `${other.case.history} ${other.question}` : other.question,
          ) >= NEAR_DUPLICATE,
      )
    )
      continue;
    chosen.push(item);
    if (point) points.add(point);
  }
  return chosen;
}

/**
 * The items a topic matches, with their scores: per item, the strongest tag
 * or name match plus the rest (capped), and how many of the topic's words it
 * has. Binds ?1 the strong terms with their weights, ?2 the words, ?3 the
 * item kind and ?4 the words needed without a strong match (queryTerms).
 */
const MATCHED = `
    WITH q(term, weight) AS (
      SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?1)
      UNION ALL SELECT value, 0 FROM json_each(?2)
    ),
    hits AS (
      SELECT t.item_id,
             coalesce(sum(CASE WHEN q.weight > 0 THEN q.weight END), 0) AS strong,
             count(CASE WHEN q.weight = 0 THEN 1 END) AS words
      FROM q JOIN bank_terms t ON t.term = q.term AND t.kind = ?3
      GROUP BY t.item_id
    ),
    matched AS (
      SELECT item_id, strong + words * 5 AS score FROM hits
      WHERE strong > 0 OR (?4 > 0 AND words >= ?4)
    )`;

/**
 * Up to `count` pool items for the topic, best first; none when the pool does
 * not cover it. Two D1 reads in one batch: the ranked matches and their count.
 */
export async function findBankItems(db: Database, input: FindBankItemsInput): Promise<BankMatch> {
  const kind = POOL_KIND[input.kind];
  const excluded = JSON.stringify([...(input.excludeIds ?? [])]);
  const query = readTopic(input.topic);
  const salt = hash(`${input.seed ?? ""}\u0000${query.normalised}`) % 999_983 || 1;
  const wanted = Math.max(0, input.count);
  // Spares for the teaching-point and near-duplicate checks.
  const fetch = wanted * 2 + 4;
  const d1 = db.$client;

  const subject = subjectOfTopic(query);
  if (query.broad || subject) {
    // A spread: across subjects for a broad topic, across a subject's topics for a subject.
    const filter = subject ? "AND i.subject = ?3" : "AND ?3 IS NULL";
    const [rows, total] = await d1.batch<ItemRow | { n: number }>([
      d1
        .prepare(
          `SELECT ${ITEM_COLUMNS} FROM bank_items i
           WHERE i.kind = ?1 AND i.status = 'active' ${filter}
             AND i.id NOT IN (SELECT value FROM json_each(?2))
           ORDER BY (i.seq * ?4) % 1000003 LIMIT ?5`,
        )
        .bind(kind, excluded, subject, salt, Math.max(fetch * 3, 60)),
      d1
        .prepare(
          `SELECT count(*) AS n FROM bank_items i WHERE i.kind = ?1 AND i.status = 'active' ${filter}
             AND i.id NOT IN (SELECT value FROM json_each(?2))`,
        )
        .bind(kind, excluded, subject),
    ]);
    const groups = new Map<string, BankItem[]>();
    for (const row of (rows?.results ?? []) as ItemRow[]) {
      const item = fromRow(row);
      const key = subject ? item.topic : item.subject;
      groups.set(key, [...(groups.get(key) ?? []), item]);
    }
    const spread: BankItem[] = [];
    const queues = [...groups.values()];
    const size = rows?.results.length ?? 0;
    for (let round = 0; spread.length < size; round++) {
      for (const queue of queues) {
        const item = queue[round];
        if (item) spread.push(item);
      }
    }
    return {
      items: distinctItems(spread, wanted),
      available: (total?.results[0] as { n: number } | undefined)?.n ?? 0,
      broad: !subject,
    };
  }

  const terms = queryTerms(query);
  const strong = JSON.stringify(terms.strong);
  const words = JSON.stringify(terms.words);
  const [rows, total] = await d1.batch<(ItemRow & { score: number }) | { n: number }>([
    d1
      .prepare(
        `${MATCHED}
         SELECT ${ITEM_COLUMNS}, m.score FROM matched m JOIN bank_items i ON i.id = m.item_id
         WHERE i.status = 'active' AND i.id NOT IN (SELECT value FROM json_each(?5))
         ORDER BY m.score DESC, (i.seq * ?6) % 1000003 LIMIT ?7`,
      )
      .bind(strong, words, kind, terms.wordsNeeded, excluded, salt, fetch),
    d1
      .prepare(
        `${MATCHED}
         SELECT count(*) AS n FROM matched m JOIN bank_items i ON i.id = m.item_id
         WHERE i.status = 'active' AND i.id NOT IN (SELECT value FROM json_each(?5))`,
      )
      .bind(strong, words, kind, terms.wordsNeeded, excluded),
  ]);
  const ranked = ((rows?.results ?? []) as ItemRow[]).map(fromRow);
  return {
    items: distinctItems(ranked, wanted),
    available: (total?.results[0] as { n: number } | undefined)?.n ?? 0,
    broad: false,
  };
}

/** Active pool items by id (an item asked earlier in a conversation), in the order given. */
export async function findBankItemsByIds(
  db: Database,
  ids: readonly string[],
): Promise<BankItem[]> {
  if (ids.length === 0) return [];
  const { results } = await db.$client
    .prepare(
      `SELECT ${ITEM_COLUMNS} FROM bank_items i
       WHERE i.status = 'active' AND i.id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(ids))
    .all<ItemRow>();
  const byId = new Map(results.map((row) => [row.id, fromRow(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Active reviewed questions per subject, for planners and suggestions. */
export async function bankQuestionCounts(db: Database): Promise<Map<string, number>> {
  const { results } = await db.$client
    .prepare(
      `SELECT subject, sum(reviewed) AS n FROM bank_topic_counts
       WHERE reviewed > 0 GROUP BY subject`,
    )
    .all<{ subject: string; n: number }>();
  return new Map(results.map((row) => [row.subject, row.n]));
}

/**
 * The subject the pool's items on the topic mostly belong to, if the pool
 * covers it: every matching item counted, by how well it matches (a
 * learner's "cardiology" is Medicine's, though paediatric cardiology items
 * match it too). One statement, reading no item bodies.
 */
async function usualSubject(
  db: Database,
  kind: NewPoolItems["kind"],
  query: TopicQuery,
): Promise<string | null> {
  const terms = queryTerms(query);
  const row = await db.$client
    .prepare(
      `${MATCHED}
       SELECT i.subject, sum(m.score) AS weight FROM matched m JOIN bank_items i ON i.id = m.item_id
       WHERE i.status = 'active'
       GROUP BY i.subject ORDER BY weight DESC, count(*) DESC, i.subject LIMIT 1`,
    )
    .bind(
      JSON.stringify(terms.strong),
      JSON.stringify(terms.words),
      POOL_KIND[kind],
      terms.wordsNeeded,
    )
    .first<{ subject: string }>();
  return row?.subject ?? null;
}

/**
 * Adds AI-written items to the pool (source "ai", with the model and the
 * date), tagged with the learner's topic and the subject it names (or the
 * subject most of the pool's items on that topic belong to), so the pool
 * grows with use. Learners can report them like any other item.
 */
async function addPoolItems(db: Database, input: NewPoolItems, now: number): Promise<string[]> {
  if (input.items.length === 0) return [];
  const query = readTopic(input.topic);
  const subject =
    subjectOfTopic(query) ?? (await usualSubject(db, input.kind, query)) ?? "Medicine";
  const topic = input.topic.replace(/\s+/g, " ").trim().slice(0, 120);
  const kind = POOL_KIND[input.kind];
  const d1 = db.$client;
  const ids = input.items.map(() => `ai-${crypto.randomUUID()}`);
  const statements = input.items.flatMap((item, index) => {
    const id = ids[index]!;
    const tags = [topic.toLowerCase()];
    const body = JSON.stringify({
      question: item.question,
      options: item.options,
      correctIndex: item.correctIndex,
      explanations: item.explanations,
      takeaway: item.takeaway,
      reference: item.reference,
      tags,
      ...(item.case ? { case: item.case } : {}),
    });
    const terms = itemTerms({
      subject,
      topic,
      subtopic: topic,
      condition: null,
      tags,
      question: item.question,
      case: item.case,
    });
    return [
      d1
        .prepare(
          `INSERT INTO bank_items (id, kind, subject, topic, subtopic, condition, difficulty, item_type, exams, teaching_point, body, source, model, seq, content_hash, created_at, updated_at)
           VALUES (?1, ?2, ?3, ?4, ?4, NULL, 'moderate', ?5, 'neet-pg,ini-cet,fmge,university', '', ?6, 'ai', ?7, ?8, ?9, ?10, ?10)`,
        )
        .bind(
          id,
          kind,
          subject,
          topic,
          kind === "case" ? "clinical-vignette" : "concept",
          body,
          input.model,
          (hash(id) % 1_000_000) + 1,
          hash(body).toString(16),
          now,
        ),
      d1
        .prepare(
          "INSERT OR IGNORE INTO bank_terms (term, item_id, kind) SELECT value, ?1, ?2 FROM json_each(?3)",
        )
        .bind(id, kind, JSON.stringify(terms)),
    ];
  });
  await d1.batch(statements);
  return ids;
}

/** The pool in D1, as the item generator reads and grows it. */
export function d1Bank(db: Database, now: () => number = Date.now): BankSource {
  return {
    find: (input) => findBankItems(db, input),
    add: (input) => addPoolItems(db, input, now()),
  };
}

/** A pool item as the attempt keeps it. */
export function bankItemToAssessmentItem(item: BankItem): AssessmentItem {
  return {
    question: item.question,
    options: [...item.options],
    correctIndex: item.correctIndex,
    explanations: [...item.explanations],
    takeaway: item.takeaway,
    reference: item.reference,
    case: item.case ? { ...item.case } : null,
    source: "bank",
    bankId: item.id,
  };
}
