/**
 * Topic search over the question bank, shared by the server (reading what a
 * learner typed) and the bank's migration builder (indexing each item), so
 * both sides normalise text the same way: case, punctuation, "&" and "and",
 * British and American spelling, plurals; and the synonym table
 * (synonyms.ts) turns "heart attack" into MI and STEMI.
 */
import {
  BROAD_TOPIC_WORDS,
  FILLER_WORDS,
  GENERIC_WORDS,
  SUBJECT_ALIASES,
  SYNONYM_GROUPS,
} from "./synonyms";

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
// The search index: terms for each item, and weighted terms for a query

/** What an item is indexed by (the fields the bank files give). */
export type IndexedItem = {
  subject: string;
  topic: string;
  subtopic: string;
  condition?: string | null;
  tags: readonly string[];
  question: string;
  case?: { history: string; examination: string; results: string } | null;
};

/** Runs longer than this are not tags or names; longer phrases are not split at all. */
const MAX_RUN = 6;
const MAX_SPLIT = 12;

/** Every run of up to six consecutive words in a phrase, longest first, that can tell topics apart. */
function subPhrases(phrase: string): string[] {
  const words = phrase.split(" ").filter(Boolean);
  if (words.length > MAX_SPLIT) return [];
  const runs: string[] = [];
  for (let length = Math.min(words.length, MAX_RUN); length >= 1; length--) {
    for (let start = 0; start + length <= words.length; start++) {
      const run = words.slice(start, start + length);
      if (run.some(isDistinctive)) runs.push(run.join(" "));
    }
  }
  return runs;
}

/**
 * An item's index terms: `tag:` each tag, `name:` its subject, topic,
 * subtopic and condition, `sub:` every distinctive run of words inside those
 * (so "pancreatitis" finds the tag "acute pancreatitis"), and `word:` each
 * distinctive word of the stem, a case's history, tags and names.
 */
export function itemTerms(item: IndexedItem): string[] {
  const terms = new Set<string>();
  const tags = item.tags.map(normaliseTopic).filter(Boolean);
  const names = [item.subject, item.topic, item.subtopic, item.condition ?? ""]
    .map(normaliseTopic)
    .filter(Boolean);
  for (const tag of tags) terms.add(`tag:${tag}`);
  for (const name of names) terms.add(`name:${name}`);
  for (const phrase of [...tags, ...names]) {
    for (const run of subPhrases(phrase)) terms.add(`sub:${run}`);
  }
  // The stem (and a case's history) and the tags and names: what the item is about.
  const text = [item.question, item.case?.history ?? "", ...item.tags, ...names].join(" ");
  for (const word of normaliseWords(text)) {
    if (word.length > 3 && isDistinctive(word) && !/^\d+$/.test(word)) terms.add(`word:${word}`);
  }
  return [...terms];
}

/** What each kind of match is worth (an item's score adds them up). */
const MATCH_WEIGHT = {
  /** A tag that is the topic, or a synonym of the whole topic ("mi" for "heart attack"). */
  tag: 100,
  /** A tag that is a synonym of part of the topic ("dka" for "DKA in children"). */
  partTag: 70,
  /** A tag or name containing the topic, or a tag inside the topic ("acute pancreatitis" / "pancreatitis"). */
  contained: 50,
  /** The item's subject, topic, subtopic or condition is the topic or one of its synonyms. */
  name: 40,
  /** A name inside the topic ("cardiology" in "NEET PG cardiology MCQs"). */
  partName: 30,
} as const;

export type WeightedTerm = [term: string, weight: number];

export type TermQuery = {
  /** Terms that put an item on the topic, each with its weight. */
  strong: WeightedTerm[];
  /** The topic's own distinctive words (`word:` terms). */
  words: string[];
  /** On words alone, how many of them an item needs: both of two, three in five. */
  wordsNeeded: number;
};

/** The weighted terms to look up for a topic (not for a broad one: that takes a spread). */
export function queryTerms(query: TopicQuery): TermQuery {
  const strong = new Map<string, number>();
  const add = (term: string, weight: number) =>
    strong.set(term, Math.max(strong.get(term) ?? 0, weight));
  const { normalised } = query;
  if (normalised) {
    add(`tag:${normalised}`, MATCH_WEIGHT.tag);
    add(`name:${normalised}`, MATCH_WEIGHT.name);
    if (normalised.split(" ").some(isDistinctive)) add(`sub:${normalised}`, MATCH_WEIGHT.contained);
  }
  for (const group of query.groups) {
    for (const phrase of GROUP_PHRASES[group] ?? []) {
      add(`tag:${phrase}`, query.wholeGroups.has(group) ? MATCH_WEIGHT.tag : MATCH_WEIGHT.partTag);
      add(`name:${phrase}`, MATCH_WEIGHT.name);
    }
  }
  // Tags and names inside a longer topic, holding every distinctive word of it
  // ("acute pancreatitis" in "management of acute pancreatitis"; not "heart" in "heart attack").
  const needed = normalised.split(" ").filter(isDistinctive);
  for (const run of subPhrases(normalised)) {
    if (run === normalised) continue;
    const words = run.split(" ");
    if (!needed.every((word) => words.includes(word))) continue;
    add(`tag:${run}`, MATCH_WEIGHT.contained);
    add(`name:${run}`, MATCH_WEIGHT.partName);
  }
  const words = query.words.map((word) => `word:${word}`);
  const wordsNeeded =
    query.words.length <= 2 ? query.words.length : Math.ceil(query.words.length * 0.6);
  return { strong: [...strong], words, wordsNeeded };
}

const SUBJECT_BY_ALIAS = new Map(
  Object.entries(SUBJECT_ALIASES).flatMap(([subject, aliases]) =>
    aliases.map((alias) => [normaliseTopic(alias), subject] as const),
  ),
);

/**
 * The subject a topic names on its own ("PSM", "NEET PG pathology MCQs",
 * "orthopedics"), or null: a quiz on it is a spread across the subject.
 */
export function subjectOfTopic(query: TopicQuery): string | null {
  const direct = SUBJECT_BY_ALIAS.get(query.normalised);
  if (direct) return direct;
  const core = query.normalised
    .split(" ")
    .filter((word) => !BROAD.has(word) && !FILLER.has(word))
    .join(" ");
  return core ? (SUBJECT_BY_ALIAS.get(core) ?? null) : null;
}
