/**
 * The question bank's rules, shared by the authoring tools in this folder and
 * by the bank test in the suite: the shape of an item, and the checks a whole
 * file (or the whole bank) must pass. Plain JavaScript so authors can run the
 * tools with `node` and no build.
 */

export const SUBJECTS = [
  "Anatomy",
  "Physiology",
  "Biochemistry",
  "Pathology",
  "Pharmacology",
  "Microbiology",
  "Forensic Medicine",
  "Community Medicine",
  "ENT",
  "Ophthalmology",
  "Medicine",
  "Surgery",
  "Obstetrics & Gynaecology",
  "Paediatrics",
  "Orthopaedics",
  "Dermatology",
  "Psychiatry",
  "Anaesthesia",
  "Radiology",
];

export const DIFFICULTIES = ["easy", "moderate", "hard"];
export const ITEM_TYPES = ["recall", "concept", "clinical-vignette", "data-interpretation"];
export const EXAMS = ["neet-pg", "ini-cet", "fmge", "university"];

const TAG = /^[a-z0-9][a-z0-9 '+/().,-]*$/;
const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A year (1950–2029) or an edition ("7th edition", "7th ed", "Ed. 7", "edition 7"). */
const DATED = /\b(19[5-9]\d|20[0-2]\d)\b|\b\d+(st|nd|rd|th)\s+ed(ition)?\b|\bed(ition)?\.?\s*\d+/i;

const STOP = new Set(
  "a an the of in on at to for with and or is are was were be by as from that this which what who whom whose most least best likely following has have had his her their its it into after before than then about not no all any each one two".split(
    " ",
  ),
);

function words(text) {
  return new Set(
    text
      .toLowerCase()
      .replace(/[^a-z0-9 ]+/g, " ")
      .split(/\s+/)
      .filter((w) => w.length > 2 && !STOP.has(w)),
  );
}

/** Word-overlap (Jaccard) similarity of two stems, 0–1. */
export function stemSimilarity(a, b) {
  const x = words(a);
  const y = words(b);
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const w of x) if (y.has(w)) shared += 1;
  return shared / (x.size + y.size - shared);
}

/** Stems at or above this overlap are near-duplicates. */
export const NEAR_DUPLICATE = 0.6;

/** The full text a learner reads before the options (a case's findings included). */
export function stemText(item) {
  if (!item.case) return item.question;
  return [item.case.history, item.case.examination, item.case.results, item.question].join(" ");
}

function isText(value, min) {
  return typeof value === "string" && value.trim().length >= min;
}

/** Problems with one item's shape, as readable sentences (empty when it is well formed). */
export function itemProblems(item, { isCase = false } = {}) {
  const p = [];
  if (!ID.test(item.id ?? "")) p.push("id must be lower-case words joined by hyphens");
  if (!SUBJECTS.includes(item.subject)) p.push(`subject must be one of: ${SUBJECTS.join(", ")}`);
  if (!isText(item.topic, 3)) p.push("topic is missing");
  if (!isText(item.subtopic, 3)) p.push("subtopic is missing");
  if (!DIFFICULTIES.includes(item.difficulty))
    p.push(`difficulty must be ${DIFFICULTIES.join(" / ")}`);
  if (!ITEM_TYPES.includes(item.type)) p.push(`type must be ${ITEM_TYPES.join(" / ")}`);
  if (
    !Array.isArray(item.exams) ||
    item.exams.length === 0 ||
    item.exams.some((e) => !EXAMS.includes(e))
  )
    p.push(`exams must be a non-empty list from ${EXAMS.join(", ")}`);
  if (!Array.isArray(item.tags) || item.tags.length < 3 || item.tags.some((t) => !TAG.test(t)))
    p.push("tags: at least 3, lower-case");
  if (!isText(item.teachingPoint, 5)) p.push("teachingPoint is missing");
  if (!isText(item.question, 20)) p.push("question is too short");
  if (
    !Array.isArray(item.options) ||
    item.options.length !== 4 ||
    item.options.some((o) => !isText(o, 1))
  )
    p.push("options: exactly 4 non-empty");
  else if (new Set(item.options.map((o) => o.trim().toLowerCase())).size !== 4)
    p.push("options must be distinct");
  if (!Number.isInteger(item.correctIndex) || item.correctIndex < 0 || item.correctIndex > 3)
    p.push("correctIndex must be 0–3");
  if (
    !Array.isArray(item.explanations) ||
    item.explanations.length !== 4 ||
    item.explanations.some((e) => !isText(e, 10))
  )
    p.push("explanations: exactly 4, one per option");
  if (!isText(item.takeaway, 10)) p.push("takeaway is missing");
  if (!isText(item.reference, 5)) p.push("reference is missing");
  else if (!DATED.test(item.reference)) p.push("reference needs a year or an edition");
  if (isCase) {
    if (!isText(item.condition, 3)) p.push("condition is missing");
    if (
      !item.case ||
      !isText(item.case.history, 40) ||
      !isText(item.case.examination, 20) ||
      !isText(item.case.results, 10)
    )
      p.push("case needs history (40+), examination (20+) and results (10+)");
  }
  return p;
}

/** True when the keyed option is at least as long as every distractor. */
export function keyIsLongest(item) {
  const key = item.options[item.correctIndex].length;
  return item.options.every((o, i) => i === item.correctIndex || o.length < key);
}

/**
 * Figures for a set of items: how often each letter is keyed, how often the
 * key is the longest option, the share of hard items, and the key's length
 * against the distractors'.
 */
export function setFigures(items) {
  const letters = [0, 0, 0, 0];
  let longest = 0;
  let hard = 0;
  let keyChars = 0;
  let distractorChars = 0;
  for (const item of items) {
    letters[item.correctIndex] += 1;
    if (keyIsLongest(item)) longest += 1;
    if (item.difficulty === "hard") hard += 1;
    keyChars += item.options[item.correctIndex].length;
    distractorChars +=
      item.options.reduce((n, o, i) => (i === item.correctIndex ? n : n + o.length), 0) / 3;
  }
  const n = Math.max(items.length, 1);
  return {
    count: items.length,
    letters,
    keyLongestShare: longest / n,
    hardShare: hard / n,
    keyLengthRatio: distractorChars === 0 ? 1 : keyChars / distractorChars,
  };
}

/** The bank-wide limits (the suite's bank test holds the whole bank to these). */
export const LIMITS = {
  keyLongestShare: 0.3,
  minHardShare: 0.25,
  maxKeyLengthRatio: 1.15,
  /** Each letter's share of keys, for sets of 20 or more. */
  letterShare: [0.15, 0.35],
  maxItemsPerTeachingPoint: 2,
};

/** Problems with a set of items taken together (a file, or the whole bank). */
export function setProblems(items) {
  const p = [];
  const f = setFigures(items);
  if (f.keyLongestShare > LIMITS.keyLongestShare)
    p.push(
      `the key is the longest option in ${(f.keyLongestShare * 100).toFixed(0)}% of items (limit ${LIMITS.keyLongestShare * 100}%)`,
    );
  if (f.keyLengthRatio > LIMITS.maxKeyLengthRatio)
    p.push(
      `keys average ${f.keyLengthRatio.toFixed(2)}× the distractors' length (limit ${LIMITS.maxKeyLengthRatio})`,
    );
  if (items.length >= 20) {
    f.letters.forEach((count, i) => {
      const share = count / items.length;
      if (share < LIMITS.letterShare[0] || share > LIMITS.letterShare[1])
        p.push(
          `${"ABCD"[i]} is keyed in ${(share * 100).toFixed(0)}% of items (keep each letter 15–35%)`,
        );
    });
    if (f.hardShare < LIMITS.minHardShare)
      p.push(`only ${(f.hardShare * 100).toFixed(0)}% of items are hard (at least 25%)`);
  }
  const ids = new Map();
  for (const item of items) {
    if (ids.has(item.id)) p.push(`duplicate id ${item.id}`);
    ids.set(item.id, true);
  }
  const points = new Map();
  for (const item of items) {
    const key = (item.teachingPoint ?? "").trim().toLowerCase();
    if (!key) continue;
    points.set(key, [...(points.get(key) ?? []), item.id]);
  }
  for (const [point, list] of points)
    if (list.length > LIMITS.maxItemsPerTeachingPoint)
      p.push(`teaching point "${point}" is tested ${list.length} times: ${list.join(", ")}`);
  for (const [a, b, s] of nearDuplicates(items))
    p.push(`near-duplicate stems (${(s * 100).toFixed(0)}% overlap): ${a} and ${b}`);
  return p;
}

/** Pairs of items whose stems overlap at or above NEAR_DUPLICATE. */
export function nearDuplicates(items) {
  const sets = items.map((item) => [item.id, words(stemText(item))]);
  const pairs = [];
  for (let i = 0; i < sets.length; i += 1)
    for (let j = i + 1; j < sets.length; j += 1) {
      const [ia, x] = sets[i];
      const [ib, y] = sets[j];
      if (x.size === 0 || y.size === 0) continue;
      let shared = 0;
      for (const w of x) if (y.has(w)) shared += 1;
      const s = shared / (x.size + y.size - shared);
      if (s >= NEAR_DUPLICATE) pairs.push([ia, ib, s]);
    }
  return pairs;
}
