/**
 * Finding offline question-bank items for the topic a learner typed (for
 * quizzes and simulations, answered without the AI): used when no AI key is
 * configured, when the provider fails, and to top up a short AI batch.
 *
 * The typed topic and every item are normalised the same way (case,
 * punctuation, "&" and "and", British and American spelling, plurals), the
 * topic's phrases are expanded through the synonym table
 * (app/data/question-bank/synonyms.ts: "heart attack" finds MI and STEMI
 * items), and each item is scored: a tag naming the topic beats the item's
 * topic or condition name, which beats words of the topic found in the
 * question. Items that score nothing are never returned: a topic the bank
 * does not cover gives nothing, and the caller says so.
 *
 * Ties are broken by a shuffle seeded by the topic and a seed, so the same
 * topic need not always start with the same item, while a fixed seed gives
 * the same order every time (tests). A broad topic ("mixed", "medicine",
 * "NEET PG") takes a spread across every topic in the bank.
 */
import { BANK_QUESTIONS, BANK_SCENARIOS } from "~/data/question-bank";
import {
  BROAD_TOPIC_WORDS,
  FILLER_WORDS,
  GENERIC_WORDS,
  SYNONYM_GROUPS,
} from "~/data/question-bank/synonyms";
import type { BankQuestion, BankScenario } from "~/data/question-bank/types";
import type { AssessmentItem, AssessmentKind } from "~/lib/assessments";

export type BankItem = BankQuestion | BankScenario;

export type QuestionBank = {
  questions: readonly BankQuestion[];
  scenarios: readonly BankScenario[];
};

const DEFAULT_BANK: QuestionBank = {
  questions: BANK_QUESTIONS,
  scenarios: BANK_SCENARIOS,
};

// ---------------------------------------------------------------------------
// Normalising text

/** One word in the form both sides are compared in. */
function normaliseWord(word: string): string {
  // British and American spelling meet: haem/hem, anaemia/anemia, oedema/edema, paed/ped.
  const spelled = word.replace(/ae/g, "e").replace(/oe/g, "e");
  // Plurals: "arrhythmias", "emergencies"; not "sepsis", "status", "pancreas", "abscess".
  // (Both sides go through this, so a wrongly cut word still meets itself.)
  if (spelled.length > 4 && spelled.endsWith("ies")) return `${spelled.slice(0, -3)}y`;
  if (spelled.length > 3 && spelled.endsWith("s") && !/(?:ss|us|is|eas)$/.test(spelled)) {
    return spelled.slice(0, -1);
  }
  return spelled;
}

/** Lower-case words without accents or punctuation, "&" read as "and", in comparable form. */
function normaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .replace(/['’‘`]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map(normaliseWord);
}

/** A phrase in comparable form: "Pre-eclampsia & HELLP" → "pre eclampsia and hellp". */
export function normaliseTopic(text: string): string {
  return normaliseWords(text).join(" ");
}

const wordSet = (words: readonly string[]) =>
  new Set(words.flatMap((word) => normaliseWords(word)));
const FILLER = wordSet(FILLER_WORDS);
const BROAD = wordSet(BROAD_TOPIC_WORDS);
const GENERIC = wordSet(GENERIC_WORDS);

/** Each group's phrases, normalised, and which groups each phrase belongs to. */
const GROUP_PHRASES: ReadonlySet<string>[] = SYNONYM_GROUPS.map(
  (group) => new Set(group.map(normaliseTopic).filter(Boolean)),
);
const PHRASE_GROUPS = new Map<string, number[]>();
for (const [index, phrases] of GROUP_PHRASES.entries()) {
  for (const phrase of phrases) {
    const groups = PHRASE_GROUPS.get(phrase) ?? [];
    if (!groups.includes(index)) groups.push(index);
    PHRASE_GROUPS.set(phrase, groups);
  }
}
const LONGEST_PHRASE = Math.max(...[...PHRASE_GROUPS.keys()].map((p) => p.split(" ").length));

/** A word that can tell one topic from another on its own. */
const isDistinctive = (word: string) => !FILLER.has(word) && !GENERIC.has(word);

/** Whether `phrase` occurs in `text` on word boundaries (both normalised). */
function containsPhrase(text: string, phrase: string): boolean {
  return phrase.length > 0 && ` ${text} `.includes(` ${phrase} `);
}

// ---------------------------------------------------------------------------
// Reading the typed topic

export type TopicQuery = {
  /** The whole topic, normalised. */
  normalised: string;
  /** A topic that names no subject in particular: take a spread across the bank. */
  broad: boolean;
  /** Synonym groups the topic's phrases belong to. */
  groups: ReadonlySet<number>;
  /** Groups whose phrase is the whole topic (bar filler words): the strongest matches. */
  wholeGroups: ReadonlySet<number>;
  /** Every phrase of those groups, normalised. */
  concepts: ReadonlySet<string>;
  /** Distinctive words of the topic not covered by a synonym phrase, matched in the item text. */
  words: readonly string[];
};

export function readTopic(topic: string): TopicQuery {
  const tokens = normaliseWords(topic);
  const groups = new Set<number>();
  const wholeGroups = new Set<number>();
  const covered = tokens.map(() => false);
  const meaningful = tokens.filter((word) => !FILLER.has(word));

  // Longest phrase first at each position: "heart failure" before "heart".
  for (let start = 0; start < tokens.length;) {
    let length = Math.min(LONGEST_PHRASE, tokens.length - start);
    for (; length > 0; length--) {
      const hit = PHRASE_GROUPS.get(tokens.slice(start, start + length).join(" "));
      if (!hit) continue;
      for (const group of hit) groups.add(group);
      for (let index = start; index < start + length; index++) covered[index] = true;
      // The phrase is the whole topic when nothing distinctive lies outside it
      // ("DKA management", "NEET PG cardiology").
      const outside = tokens.filter(
        (word, index) =>
          (index < start || index >= start + length) && isDistinctive(word) && !BROAD.has(word),
      );
      if (outside.length === 0) for (const group of hit) wholeGroups.add(group);
      break;
    }
    start += Math.max(length, 1);
  }

  const words = tokens.filter(
    (word, index) => !covered[index] && isDistinctive(word) && !BROAD.has(word),
  );
  const broad = groups.size === 0 && meaningful.every((word) => BROAD.has(word));
  // Filler words around the topic go ("MCQs on DKA"); inner ones stay ("obstetrics and gynaecology").
  let first = 0;
  let last = tokens.length;
  while (first < last && FILLER.has(tokens[first] ?? "")) first++;
  while (last > first && FILLER.has(tokens[last - 1] ?? "")) last--;
  return {
    normalised: tokens.slice(first, last).join(" "),
    broad,
    groups,
    wholeGroups,
    concepts: new Set([...groups].flatMap((group) => [...(GROUP_PHRASES[group] ?? [])])),
    words: [...new Set(words)],
  };
}

// ---------------------------------------------------------------------------
// Scoring items

type ItemIndex = {
  tags: ReadonlySet<string>;
  /** Topic and (scenarios) condition, normalised. */
  names: readonly string[];
  /** Every word of the item: question, options, case, tags, topic. */
  words: ReadonlySet<string>;
  /** The spread key for broad topics: the condition for scenarios, else the topic. */
  area: string;
};

const indexes = new WeakMap<BankItem, ItemIndex>();

function indexOf(item: BankItem): ItemIndex {
  const cached = indexes.get(item);
  if (cached) return cached;
  const condition = "condition" in item ? item.condition : null;
  const text = [
    item.question,
    ...item.options,
    ...("case" in item ? [item.case.history, item.case.examination, item.case.results] : []),
    ...item.tags,
    item.topic,
    condition ?? "",
  ].join(" ");
  const index: ItemIndex = {
    tags: new Set(item.tags.map(normaliseTopic)),
    names: [item.topic, ...(condition ? [condition] : [])].map(normaliseTopic),
    words: new Set(normaliseWords(text)),
    area: condition ?? item.topic,
  };
  indexes.set(item, index);
  return index;
}

/** What each kind of match is worth; an item's score is the sum of its matches. */
const SCORE = {
  /** A tag that is the topic itself ("stemi" for "STEMI"). */
  exactTag: 100,
  /** A tag that is a synonym of the whole topic ("mi" for "heart attack"). */
  synonymTag: 100,
  /** A tag that is a synonym of part of the topic ("dka" for "DKA in children"). */
  partSynonymTag: 70,
  /** A tag inside the topic or the topic inside a tag ("pancreatitis" / "acute pancreatitis"). */
  containedTag: 50,
  /** The item's topic or condition is the topic or one of its synonyms. */
  name: 40,
  /** The topic inside the item's topic or condition name, or the other way round. */
  containedName: 30,
  /** Each of the topic's own words found in the item. */
  word: 10,
} as const;

/** Whether a phrase has a word that can tell topics apart ("acute" alone cannot). */
const distinctive = (phrase: string) => phrase.split(" ").some(isDistinctive);

/** How well an item matches the topic; 0 when it does not. */
function scoreItem(query: TopicQuery, item: BankItem): number {
  const index = indexOf(item);
  const { normalised } = query;

  let tagScore = index.tags.has(normalised) ? SCORE.exactTag : 0;
  for (const group of query.groups) {
    const phrases = GROUP_PHRASES[group];
    if (!phrases || ![...index.tags].some((tag) => phrases.has(tag))) continue;
    tagScore += query.wholeGroups.has(group) ? SCORE.synonymTag : SCORE.partSynonymTag;
  }
  if (tagScore === 0 && distinctive(normalised)) {
    const contained = [...index.tags].some(
      (tag) =>
        (distinctive(tag) && containsPhrase(normalised, tag)) || containsPhrase(tag, normalised),
    );
    if (contained) tagScore = SCORE.containedTag;
  }

  let nameScore = 0;
  if (index.names.some((name) => name === normalised || query.concepts.has(name))) {
    nameScore = SCORE.name;
  } else if (
    distinctive(normalised) &&
    index.names.some((name) => containsPhrase(name, normalised) || containsPhrase(normalised, name))
  ) {
    nameScore = SCORE.containedName;
  }

  const found = query.words.filter(
    (word) =>
      index.words.has(word) ||
      (word.length >= 5 && [...index.words].some((itemWord) => itemWord.startsWith(word))),
  ).length;
  if (tagScore + nameScore > 0) return tagScore + nameScore + (found * SCORE.word) / 2;
  // On words alone, nearly all of the topic's distinctive words must be there:
  // both of two ("beta blockers" is not "beta thalassaemia"), three in five.
  const needed = query.words.length <= 2 ? query.words.length : Math.ceil(query.words.length * 0.6);
  if (query.words.length === 0 || found < needed) return 0;
  return found * SCORE.word;
}

// ---------------------------------------------------------------------------
// Choosing items

/** A small stable hash (FNV-1a). */
function hash(text: string): number {
  let value = 2166136261;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 16777619);
  }
  return value >>> 0;
}

export type FindBankItemsInput = {
  kind: AssessmentKind;
  topic: string;
  count: number;
  /** Bank ids already in the attempt. */
  excludeIds?: Iterable<string>;
  /** Varies the order among equally good items; the same seed and topic give the same order. */
  seed?: string | number;
  bank?: QuestionBank;
};

export type BankMatch = {
  /** Up to `count` items, best first. */
  items: BankItem[];
  /** How many items matched in all (excluded ones aside): more than `items` when more exist. */
  available: number;
  /** The topic named no subject, so the items are a spread across the bank. */
  broad: boolean;
};

/** Every matching item for the topic, best first, with its score. */
function rankBankItems(
  input: Omit<FindBankItemsInput, "count">,
  query: TopicQuery = readTopic(input.topic),
): { item: BankItem; score: number }[] {
  const bank = input.bank ?? DEFAULT_BANK;
  const excluded = new Set(input.excludeIds ?? []);
  const pool: readonly BankItem[] = input.kind === "quiz" ? bank.questions : bank.scenarios;
  const seed = `${input.seed ?? ""}\u0000${query.normalised}`;
  const shuffleKey = (key: string) => hash(`${seed}\u0000${key}`);
  const candidates = pool.filter((item) => !excluded.has(item.id));

  if (query.broad) {
    // Round robin across areas (topics, or conditions for scenarios), each in shuffled order.
    const areas = new Map<string, BankItem[]>();
    for (const item of candidates) {
      const area = indexOf(item).area;
      areas.set(area, [...(areas.get(area) ?? []), item]);
    }
    const queues = [...areas.entries()]
      .sort(([a], [b]) => shuffleKey(a) - shuffleKey(b))
      .map(([, items]) => items.sort((a, b) => shuffleKey(a.id) - shuffleKey(b.id)));
    const spread: { item: BankItem; score: number }[] = [];
    for (let round = 0; spread.length < candidates.length; round++) {
      for (const queue of queues) {
        const item = queue[round];
        if (item) spread.push({ item, score: 1 });
      }
    }
    return spread;
  }

  return candidates
    .map((item) => ({ item, score: scoreItem(query, item), key: shuffleKey(item.id) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.key - b.key)
    .map(({ item, score }) => ({ item, score }));
}

/** Up to `count` bank items for the topic, best first; none when the bank does not cover it. */
export function findBankItems(input: FindBankItemsInput): BankMatch {
  const query = readTopic(input.topic);
  const ranked = rankBankItems(input, query);
  return {
    items: ranked.slice(0, Math.max(0, input.count)).map(({ item }) => item),
    available: ranked.length,
    broad: query.broad,
  };
}

/** A bank item as the attempt keeps it. */
export function bankItemToAssessmentItem(item: BankItem): AssessmentItem {
  return {
    question: item.question,
    options: [...item.options],
    correctIndex: item.correctIndex,
    explanations: [...item.explanations],
    takeaway: item.takeaway,
    reference: item.reference,
    case: "case" in item ? { ...item.case } : null,
    source: "bank",
    bankId: item.id,
  };
}
