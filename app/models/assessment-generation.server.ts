/**
 * Writing quiz questions and patient scenarios (issue 6): the `GenerateItems`
 * contract of app/lib/assessments.ts.
 *
 *   1. The AI is asked for JSON (structured output). Every item is checked
 *      with zod: a question, four distinct options, one correct index 0-3, an
 *      explanation for every option, a takeaway and, for scenarios, the case
 *      (history, examination, results). Invalid items and repeats are dropped.
 *   2. A reply that is not JSON at all (a model or gateway without JSON
 *      output, or a cut-off reply) is followed by one request for the spec's
 *      plain-text format, parsed by `parseGeneratedText`.
 *   3. The offline question bank answers when the generator is the offline
 *      one, when the provider fails (after its own retries), and tops up a
 *      batch that came back short. When even the bank has too few, the
 *      batch's `shortfall` says so in plain words.
 *
 * `generateInBatches` asks for a small first batch and then the rest in
 * batches, so the learner sees question 1 while the others are written.
 */
import { z } from "zod";
import { isAiError, type AiGenerator } from "~/integrations/ai/index.server";
import {
  assessmentJsonPrompt,
  assessmentSystemPrompt,
  assessmentTextPrompt,
} from "~/integrations/ai/prompts";
import {
  OPTION_LETTERS,
  type AssessmentItem,
  type AssessmentKind,
  type GeneratedBatch,
  type GenerateItems,
  type PatientCase,
} from "~/lib/assessments";
import { bankItemToAssessmentItem, type BankSource } from "./question-bank.server";

// ---------------------------------------------------------------------------
// Checking generated items

/** "A) Aspirin" → "Aspirin" when the letter matches the option's position. */
function withoutLetters(options: string[]): string[] {
  return options.map((option, index) => {
    const match = /^\(?([A-Da-d])\s*[).:\]]\s+(.+)$/.exec(option);
    return match && match[1]?.toUpperCase() === OPTION_LETTERS[index] ? (match[2] ?? "") : option;
  });
}

const sameText = (text: string) =>
  text
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[\s.?!:;,]+$/, "")
    .trim();

const text = (min: number, max: number) => z.string().trim().min(min).max(max);

const optionsSchema = z
  .array(text(1, 400))
  .length(4)
  .transform(withoutLetters)
  .refine((options) => new Set(options.map(sameText)).size === 4, "Options must differ");

const patientCaseSchema = z.object({
  history: text(10, 3000),
  examination: text(5, 2000),
  results: text(5, 2000),
});

const quizItemSchema = z.object({
  question: text(10, 3000),
  options: optionsSchema,
  correctIndex: z.number().int().min(0).max(3),
  explanations: z.array(text(1, 2000)).length(4),
  takeaway: text(1, 600),
});

const scenarioItemSchema = quizItemSchema.extend({ case: patientCaseSchema });

const ITEM_SCHEMAS = { quiz: quizItemSchema, simulation: scenarioItemSchema } as const;

/**
 * The shape the model is asked for, as JSON Schema: the same fields without
 * the checks that JSON Schema cannot say (trimming, distinct options).
 */
function itemJsonSchema(kind: AssessmentKind): Record<string, unknown> {
  const wire = z.object({
    question: z.string().describe("The question stem"),
    options: z.array(z.string()).length(4).describe("Four options, without letters"),
    correctIndex: z.number().int().min(0).max(3).describe("Index of the correct option"),
    explanations: z
      .array(z.string())
      .length(4)
      .describe("Why each option, in the same order, is right or wrong"),
    takeaway: z.string().describe("One line to remember"),
    ...(kind === "simulation"
      ? {
          case: z.object({
            history: z.string(),
            examination: z.string(),
            results: z.string(),
          }),
        }
      : {}),
  });
  const { $schema: _ignored, ...schema } = z.toJSONSchema(wire, { target: "draft-2020-12" });
  return schema;
}

/** A bare list, or the list under another common name, read as `{ items }`. */
function asItemList(data: unknown): unknown {
  if (Array.isArray(data)) return { items: data };
  if (data && typeof data === "object" && !("items" in data)) {
    const list = Object.values(data).find(Array.isArray);
    if (list) return { items: list };
  }
  return data;
}

/**
 * What generateJson checks: only that there is a list of items, so one bad
 * item does not cost the others (each is checked on its own). The model is
 * still shown the full item shape.
 */
function replySchema(kind: AssessmentKind) {
  return z.preprocess(
    asItemList,
    z.object({ items: z.array(z.unknown()).meta({ items: itemJsonSchema(kind) }) }),
  );
}

const REPLY_SCHEMAS = { quiz: replySchema("quiz"), simulation: replySchema("simulation") } as const;

/** One generated item checked; null when it is not usable. */
function checkGeneratedItem(kind: AssessmentKind, raw: unknown): AssessmentItem | null {
  const result = ITEM_SCHEMAS[kind].safeParse(raw);
  if (!result.success) return null;
  const item = result.data;
  const [a = "", b = "", c = "", d = ""] = item.options;
  const [whyA = "", whyB = "", whyC = "", whyD = ""] = item.explanations;
  return {
    question: item.question,
    options: [a, b, c, d],
    correctIndex: item.correctIndex,
    explanations: [whyA, whyB, whyC, whyD],
    takeaway: item.takeaway,
    reference: null,
    case: "case" in item ? (item.case as PatientCase) : null,
    source: "ai",
    bankId: null,
  };
}

/**
 * The text that identifies an item for `avoid` lists and repeat checks: the
 * question, and for a scenario the case's history before it, since scenarios
 * often share a question ("What is the most appropriate next step?").
 */
export function avoidText(item: Pick<AssessmentItem, "question" | "case">): string {
  return item.case ? `${item.case.history} — ${item.question}` : item.question;
}

const itemKey = (item: Pick<AssessmentItem, "question" | "case">) => sameText(avoidText(item));

/** The usable items among `raw`, without repeats of each other or of `avoid`, at most `count`. */
export function acceptGeneratedItems(
  kind: AssessmentKind,
  raw: readonly unknown[],
  { count, avoid = [] }: { count: number; avoid?: readonly string[] },
): AssessmentItem[] {
  const seen = new Set(avoid.map(sameText));
  const accepted: AssessmentItem[] = [];
  for (const candidate of raw) {
    if (accepted.length >= count) break;
    const item = checkGeneratedItem(kind, candidate);
    if (!item || seen.has(itemKey(item))) continue;
    seen.add(itemKey(item));
    accepted.push(item);
  }
  return accepted;
}

// ---------------------------------------------------------------------------
// The plain-text format that step 2 asks for

/** The fewest non-empty lines an item can have: a question, four options and the answer. */
const MIN_ITEM_LINES = 6;

/** "A) …", "A. …", "(A) …", "A: …", and lower-case "a) …" or "(a) …". */
const OPTION_LINE = /^(?:\(?([A-E])\s*[).:\]]|\(?([a-e])\))\s*(.*)$/;
/** "Correct: B", "Answer: B", "Correct answer is B", "Answer (B)". */
const ANSWER_LINE =
  /^(?:the\s+)?(?:correct\s+answer|correct\s+option|right\s+answer|correct|answer)(?:\s*[:=\-–—]|\s+is\b|\s+(?=\(?[A-Za-z]\)?\s*$))\s*(.*)$/i;
/** The letter at the start of an answer: "B", "(B)", "B) Aspirin", "option B", "b". */
const ANSWER_LETTER = /^(?:option\s+)?\(?(?:([A-Z])|([a-z])(?=$|\)))\)?(?=$|[\s).,:;\-–—])/;
const WHY_LINE =
  /^(?:why(?:\s+(?:option|not))?|explanation\s+(?:for\s+)?(?:option\s+)?)\s*\(?([A-D])\)?\s*[:.)\-–—]\s*(.*)$/i;
const EXPLANATION_LINE = /^(?:explanations?|rationale|reasoning)\s*[:.\-–—]?\s*(.*)$/i;
const TAKEAWAY_LINE =
  /^(?:takeaway|take-away|take\s+home(?:\s+message)?|key\s+point|learning\s+point|pearl)\s*[:.\-–—]\s*(.*)$/i;
const HISTORY_LINE =
  /^(?:history|presenting\s+complaint|presentation|patient|case(?:\s+\d+)?|scenario(?:\s+\d+)?)\s*[:.\-–—]\s*(.*)$/i;
const EXAMINATION_LINE =
  /^(?:examination|exam|on\s+examination|physical\s+examination|findings|vitals?)\s*[:.\-–—]\s*(.*)$/i;
const RESULTS_LINE =
  /^(?:results|key\s+results|investigations?|labs?|lab\s+results|tests)\s*[:.\-–—]\s*(.*)$/i;
/** "Question 1: …", "Q1. …", "Question: …", "1. …", "1) …" or a bare "Question 1". */
const QUESTION_LINE =
  /^(?:(?:q(?:uestion)?\s*\d+|question)\s*[.):\-–—]\s*|\d{1,2}[.)]\s+|(?:q(?:uestion)?|scenario|case)\s*\d+\s*$)(.*)$/i;
const HEADER_LINE = /^(?:scenario|case|item)\s*\d+\s*[:.]?\s*$/i;
const OPTIONS_HEADING = /^(?:options|choices)\s*:?\s*$/i;

/** A line without Markdown emphasis, headings, bullets or rules (a rule reads as a blank line). */
function cleanLine(line: string): string {
  const clean = line
    .replace(/\*\*|__/g, "")
    .replace(/^\s*#+\s*/, "")
    .replace(/^\s*[-*•]\s+/, "")
    .trim();
  return /^[-*_=#~\s]+$/.test(clean) ? "" : clean;
}

const LABELLED = [
  OPTION_LINE,
  ANSWER_LINE,
  WHY_LINE,
  EXPLANATION_LINE,
  TAKEAWAY_LINE,
  HISTORY_LINE,
  EXAMINATION_LINE,
  RESULTS_LINE,
  QUESTION_LINE,
  HEADER_LINE,
];

/** Splits the reply into one block of lines per item. */
function splitItems(lines: string[], kind: AssessmentKind): string[][] {
  const blocks: string[][] = [];
  let current: string[] = [];
  let blank = false;
  let hasOptions = false;
  let hasAnswer = false;
  let hasLabel = false;
  const push = () => {
    if (current.length) blocks.push(current);
    current = [];
    hasOptions = false;
    hasAnswer = false;
    hasLabel = false;
  };
  for (const raw of lines) {
    const line = cleanLine(raw);
    if (!line) {
      blank = true;
      continue;
    }
    const explains =
      ANSWER_LINE.test(line) ||
      WHY_LINE.test(line) ||
      EXPLANATION_LINE.test(line) ||
      TAKEAWAY_LINE.test(line) ||
      (hasAnswer && OPTION_LINE.test(line));
    const labelledStart =
      QUESTION_LINE.test(line) ||
      HEADER_LINE.test(line) ||
      (kind === "simulation" && HISTORY_LINE.test(line));
    const startsItem = labelledStart || (blank && !explains && !OPTION_LINE.test(line));
    // A heading waiting for its text ("Explanation:") keeps the next paragraph.
    const dangling = /:$/.test(current.at(-1) ?? "");
    if ((hasOptions || hasAnswer) && startsItem && !explains && !dangling) push();
    // Text before the first item ("Here are five questions…") is set apart, then dropped.
    else if (labelledStart && blank && current.length > 0 && !hasLabel) push();
    current.push(line);
    if (LABELLED.some((pattern) => pattern.test(line))) hasLabel = true;
    if (!hasAnswer && OPTION_LINE.test(line)) hasOptions = true;
    if (ANSWER_LINE.test(line)) hasAnswer = true;
    blank = false;
  }
  push();
  return blocks;
}

type Draft = {
  caseParts: { history: string[]; examination: string[]; results: string[] };
  question: string[];
  options: string[][];
  letters: string[];
  answer: string | null;
  answerInvalid: boolean;
  general: string[];
  why: Map<number, string[]>;
  takeaway: string[];
};

/** One item from its block of lines; null when it breaks a rule of the format. */
function parseBlock(block: string[], kind: AssessmentKind): unknown {
  if (block.length < MIN_ITEM_LINES) return null;
  const draft: Draft = {
    caseParts: { history: [], examination: [], results: [] },
    question: [],
    options: [],
    letters: [],
    answer: null,
    answerInvalid: false,
    general: [],
    why: new Map(),
    takeaway: [],
  };
  let phase: "stem" | "options" | "after" = "stem";
  // Where a line without a label continues.
  let target: string[] = draft.question;
  const start = (into: string[], first: string) => {
    if (first) into.push(first);
    target = into;
  };

  for (const line of block) {
    let match: RegExpExecArray | null;
    if ((match = ANSWER_LINE.exec(line))) {
      const letter = ANSWER_LETTER.exec((match[1] ?? "").trim());
      const chosen = (letter?.[1] ?? letter?.[2] ?? "").toUpperCase();
      // No letter, a letter past D, or two different answers: not a usable item.
      if (!/^[A-D]$/.test(chosen) || (draft.answer !== null && draft.answer !== chosen)) {
        draft.answerInvalid = true;
      } else draft.answer = chosen;
      phase = "after";
      target = draft.general;
    } else if ((match = WHY_LINE.exec(line))) {
      const index = OPTION_LETTERS.indexOf((match[1] ?? "").toUpperCase() as "A");
      const lines = draft.why.get(index) ?? [];
      draft.why.set(index, lines);
      start(lines, match[2] ?? "");
      phase = "after";
    } else if ((match = TAKEAWAY_LINE.exec(line))) {
      start(draft.takeaway, match[1] ?? "");
      phase = "after";
    } else if ((match = EXPLANATION_LINE.exec(line))) {
      start(draft.general, match[1] ?? "");
      phase = "after";
    } else if ((match = OPTION_LINE.exec(line))) {
      const letter = (match[1] ?? match[2] ?? "").toUpperCase();
      if (phase === "after") {
        // "A: …" under an Explanations heading or after the answer explains an option.
        const index = OPTION_LETTERS.indexOf(letter as "A");
        if (index < 0) return null;
        const lines = draft.why.get(index) ?? [];
        draft.why.set(index, lines);
        start(lines, match[3] ?? "");
      } else {
        draft.letters.push(letter);
        const option: string[] = [];
        draft.options.push(option);
        start(option, match[3] ?? "");
        phase = "options";
      }
    } else if (phase === "stem" && (match = HISTORY_LINE.exec(line))) {
      start(draft.caseParts.history, match[1] ?? "");
    } else if (phase === "stem" && (match = EXAMINATION_LINE.exec(line))) {
      start(draft.caseParts.examination, match[1] ?? "");
    } else if (phase === "stem" && (match = RESULTS_LINE.exec(line))) {
      start(draft.caseParts.results, match[1] ?? "");
    } else if (HEADER_LINE.test(line) || OPTIONS_HEADING.test(line)) {
      continue;
    } else if (phase === "stem" && (match = QUESTION_LINE.exec(line))) {
      start(draft.question, match[1] ?? "");
    } else {
      target.push(line);
    }
  }

  // Exactly four options, lettered A to D in order, and one correct letter A-D.
  if (draft.letters.join("") !== "ABCD" || draft.answerInvalid || draft.answer === null) {
    return null;
  }
  const join = (lines: string[]) => lines.join(" ").replace(/\s+/g, " ").trim();
  const options = draft.options.map(join);
  const correctIndex = OPTION_LETTERS.indexOf(draft.answer as "A");
  const correctLetter = draft.answer;
  const general = join(draft.general);
  const explanations = OPTION_LETTERS.map((_, index) => {
    const own = join(draft.why.get(index) ?? []);
    if (own) return own;
    if (index === correctIndex) return general || `${correctLetter} is the correct answer.`;
    return `Not the correct answer; the answer is ${correctLetter}.`;
  });
  const firstSentence = /^.*?[.!?](?=\s|$)/.exec(general)?.[0] ?? general;
  const takeaway =
    join(draft.takeaway) ||
    firstSentence ||
    `The answer is ${correctLetter}: ${options[correctIndex] ?? ""}.`;
  const caseParts = {
    history: join(draft.caseParts.history),
    examination: join(draft.caseParts.examination),
    results: join(draft.caseParts.results),
  };
  const question = join(draft.question);
  if (kind === "simulation") {
    return { question, options, correctIndex, explanations, takeaway, case: caseParts };
  }
  // A quiz question that came with a case keeps it in the question.
  const stem = [caseParts.history, caseParts.examination, caseParts.results, question]
    .filter(Boolean)
    .join(" ");
  return { question: stem, options, correctIndex, explanations, takeaway };
}

/**
 * Items from a reply in the spec's plain-text format: blocks separated by
 * blank lines or numbering, each with at least six non-empty lines, a
 * question, options A-D ("A)", "A.", "(A)" or "A:"), a "Correct: B" or
 * "Answer: B" line, optional explanations ("Explanation: …", "Why A: …" or
 * "A: …" under an Explanations heading) and an optional "Takeaway: …";
 * scenarios start with "History:", "Examination:" and "Results:" lines.
 * Items that break a rule are dropped (repeats are left to the caller), and
 * so is the last one of a reply that was `cutOff`.
 */
export function parseGeneratedText(
  reply: string,
  kind: AssessmentKind,
  { cutOff = false }: { cutOff?: boolean } = {},
): AssessmentItem[] {
  const blocks = splitItems(reply.split(/\r?\n/), kind);
  // A reply that stopped early may have stopped inside its last item.
  if (cutOff) blocks.pop();
  return blocks
    .map((block) => checkGeneratedItem(kind, parseBlock(block, kind)))
    .filter((item): item is AssessmentItem => item !== null);
}

// ---------------------------------------------------------------------------
// Shortfalls, in words

/** Why the offline bank answered (some of) a batch. */
export type BankFallback =
  /** The generator is the offline one: no AI key is configured. */
  | "offline"
  /** The provider failed after its own retries (error, limit, empty or blocked reply). */
  | "ai-failed"
  /** The AI answered but with fewer usable items than asked. */
  | "ai-few";

/** A generated batch and, when the bank answered, why. */
export type ItemBatch = GeneratedBatch & { fallback: BankFallback | null };

function counted(kind: AssessmentKind, count: number): string {
  const noun = kind === "quiz" ? "question" : "scenario";
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

const quoted = (topic: string) => `“${topic.replace(/\s+/g, " ").trim()}”`;

/** What the learner reads when fewer items than asked could be found. */
export function shortfallMessage(input: {
  kind: AssessmentKind;
  topic: string;
  asked: number;
  /** Items the AI supplied, and items the offline bank supplied. */
  fromAi: number;
  fromBank: number;
  fallback: BankFallback | null;
}): string {
  const { kind, asked, fromAi, fromBank } = input;
  const topic = quoted(input.topic);
  const plural = kind === "quiz" ? "questions" : "scenarios";
  const found = fromAi + fromBank;
  const inBank =
    fromBank === 0
      ? `there are no ${plural} on ${topic} in the offline question bank`
      : `only ${counted(kind, fromBank)} on ${topic} ${fromBank === 1 ? "is" : "are"} in the offline question bank`;
  const bankAdded =
    fromBank === 0 ? `had no more on ${topic}` : `added ${fromBank} more on ${topic}`;
  switch (input.fallback) {
    case "offline":
      return fromBank === 0
        ? `There are no ${plural} on ${topic} in the offline question bank.`
        : `Only ${counted(kind, fromBank)} on ${topic} ${fromBank === 1 ? "is" : "are"} in the offline question bank; you asked for ${asked}.`;
    case "ai-failed":
      if (fromAi === 0) {
        return `The AI could not generate ${plural} just now, and ${inBank}${fromBank === 0 ? "." : `; you asked for ${asked}.`}`;
      }
      return `The AI wrote ${counted(kind, fromAi)} and then could not generate more, and the offline question bank ${bankAdded}: ${found} of the ${asked} you asked for.`;
    case "ai-few":
      if (found === 0) {
        return `The AI returned no usable ${plural}, and there are no ${plural} on ${topic} in the offline question bank.`;
      }
      return `The AI returned ${fromAi === 0 ? `no usable ${plural}` : `only ${counted(kind, fromAi)} that passed the checks`}, and the offline question bank ${bankAdded}: ${found} of the ${asked} you asked for.`;
    default:
      return found === 0
        ? `No ${plural} on ${topic} could be generated.`
        : `Only ${counted(kind, found)} on ${topic} could be generated; you asked for ${asked}.`;
  }
}

// ---------------------------------------------------------------------------
// The generator

export type ItemGeneratorOptions = {
  /** The question pool (`d1Bank(db)` in production). */
  bank: BankSource;
  /** Orders equally good bank items; the same seed and topic give the same items (tests). */
  seed?: string | number;
};

/** Whether generateJson failed because the reply was not JSON at all. */
function notJson(error: unknown): boolean {
  return isAiError(error) && error.kind === "failed" && error.cause instanceof SyntaxError;
}

/** Whether generateJson failed because the JSON was not `{ items: [...] }`. */
function wrongShape(error: unknown): boolean {
  return isAiError(error) && error.kind === "failed" && error.cause instanceof z.ZodError;
}

const stopped = (signal: AbortSignal | undefined, error?: unknown) =>
  Boolean(signal?.aborted) || (isAiError(error) && error.kind === "aborted");

/**
 * A `GenerateItems` on `ai` with the offline bank behind it. Make one per
 * request: once the provider has failed, the rest of that request's batches
 * come straight from the bank rather than waiting on it again.
 *
 * `avoid.questions` holds `avoidText(item)` of the items the attempt has (for
 * a quiz question that is its question text).
 *
 * It never throws for a provider problem: nothing usable is an empty batch.
 * When the caller's signal fires it resolves with an empty batch at once
 * (the provider request is aborted and the bank is not consulted).
 */
export function createItemGenerator(
  ai: AiGenerator,
  options: ItemGeneratorOptions,
): (input: Parameters<GenerateItems>[0]) => Promise<ItemBatch> {
  const seed = options.seed ?? Math.random().toString(36).slice(2);
  let providerFailed = false;

  async function fromAi(input: Parameters<GenerateItems>[0]): Promise<AssessmentItem[]> {
    const { kind, topic, count, avoid, signal } = input;
    const promptInput = { kind, topic, count, avoid: avoid.questions };
    const system = assessmentSystemPrompt(kind);
    try {
      const reply = await ai.generateJson({
        system,
        prompt: assessmentJsonPrompt(promptInput),
        schema: REPLY_SCHEMAS[kind],
        signal,
      });
      return acceptGeneratedItems(kind, reply.items, { count, avoid: avoid.questions });
    } catch (error) {
      if (wrongShape(error)) return [];
      if (!notJson(error)) throw error;
    }
    // Not JSON (no JSON mode, or a cut-off reply): ask once for the plain-text format.
    let reply = "";
    try {
      for await (const chunk of ai.streamText({
        system,
        messages: [{ role: "user", text: assessmentTextPrompt(promptInput) }],
        signal,
      })) {
        reply += chunk;
      }
    } catch (error) {
      // A reply cut off mid-stream still counts for the items it completed.
      const complete = stopped(signal, error)
        ? []
        : parseGeneratedText(reply, kind, { cutOff: true });
      if (complete.length === 0) throw error;
      return acceptGeneratedItems(kind, complete, { count, avoid: avoid.questions });
    }
    return acceptGeneratedItems(kind, parseGeneratedText(reply, kind), {
      count,
      avoid: avoid.questions,
    });
  }

  /** Valid AI items join the pool (and get its ids); the batch goes on if storing them fails. */
  async function joinPool(
    kind: AssessmentKind,
    topic: string,
    items: AssessmentItem[],
  ): Promise<AssessmentItem[]> {
    if (items.length === 0) return items;
    try {
      const ids = await options.bank.add({ kind, topic, model: ai.label, items });
      return items.map((item, index) => ({ ...item, bankId: ids[index] ?? null }));
    } catch (error) {
      console.error("[assessments] could not add AI items to the pool", error);
      return items;
    }
  }

  return async function generateItems(input) {
    const { kind, topic, count, avoid, signal } = input;
    const empty: ItemBatch = { items: [], source: "ai", shortfall: null, fallback: null };
    if (count <= 0 || signal?.aborted) return empty;

    let aiItems: AssessmentItem[] = [];
    let fallback: BankFallback | null = providerFailed ? "ai-failed" : null;
    if (!providerFailed) {
      try {
        aiItems = await fromAi(input);
        if (aiItems.length < count) fallback = "ai-few";
        aiItems = await joinPool(kind, topic, aiItems);
      } catch (error) {
        if (stopped(signal, error)) return empty;
        if (!isAiError(error)) throw error;
        if (error.kind === "unsupported") fallback = "offline";
        else {
          fallback = "ai-failed";
          providerFailed = true;
          console.warn(
            `[assessments] AI generation failed (${error.kind}): ${error.message}; answering from the offline question bank`,
          );
        }
      }
    }
    if (signal?.aborted) return empty;

    let bankItems: AssessmentItem[] = [];
    if (fallback) {
      const taken = new Set([...avoid.questions.map(sameText), ...aiItems.map(itemKey)]);
      const wanted = count - aiItems.length;
      const match = await options.bank.find({
        kind,
        topic,
        // A few spare in case some repeat questions already in the attempt.
        count: wanted + taken.size,
        excludeIds: avoid.bankIds,
        seed,
      });
      if (signal?.aborted) return empty;
      bankItems = match.items
        .map(bankItemToAssessmentItem)
        .filter((item) => !taken.has(itemKey(item)))
        .slice(0, wanted);
    }

    const items = [...aiItems, ...bankItems];
    const source: GeneratedBatch["source"] =
      bankItems.length === 0
        ? fallback === "offline" || fallback === "ai-failed"
          ? "bank"
          : "ai"
        : aiItems.length === 0
          ? "bank"
          : "mixed";
    const shortfall =
      items.length < count
        ? shortfallMessage({
            kind,
            topic,
            asked: count,
            fromAi: aiItems.length,
            fromBank: bankItems.length,
            fallback,
          })
        : null;
    return { items, source, shortfall, fallback };
  };
}

// ---------------------------------------------------------------------------
// Batches

export type BatchPlan = {
  kind: AssessmentKind;
  topic: string;
  /** Items wanted in all. */
  count: number;
  /** Items already in the attempt (a retest, a top-up): their `avoidText` and bank ids. */
  avoid?: { questions: string[]; bankIds: string[] };
  /** The first batch is small so question 1 is ready soon. */
  firstBatch?: number;
  batchSize?: number;
  signal?: AbortSignal;
};

const DEFAULT_FIRST_BATCH = 2;
const DEFAULT_BATCH_SIZE = 4;

/**
 * Generates `count` items as a small first batch and then batches of
 * `batchSize`, each asked to avoid everything before it. It ends when all
 * are there, when a batch comes back empty, when the offline bank has run
 * out, or when the signal fires (then without a further batch). Only the
 * last batch carries a shortfall, which counts every batch: "Only 3
 * questions on “X” are in the offline question bank; you asked for 10."
 * An empty last batch is still yielded, so the caller learns why it ended.
 */
export async function* generateInBatches(
  generate: GenerateItems,
  plan: BatchPlan,
): AsyncGenerator<GeneratedBatch> {
  const { kind, topic, count, signal } = plan;
  const firstBatch = Math.max(1, plan.firstBatch ?? DEFAULT_FIRST_BATCH);
  const batchSize = Math.max(1, plan.batchSize ?? DEFAULT_BATCH_SIZE);
  const questions = [...(plan.avoid?.questions ?? [])];
  const bankIds = [...(plan.avoid?.bankIds ?? [])];
  const seen = new Set(questions.map(sameText));
  let fromAi = 0;
  let fromBank = 0;
  let fallback: BankFallback | null = null;
  let described = false;

  while (fromAi + fromBank < count) {
    const delivered = fromAi + fromBank;
    const asked = Math.min(delivered === 0 ? firstBatch : batchSize, count - delivered);
    const batch: GeneratedBatch = await generate({
      kind,
      topic,
      count: asked,
      avoid: { questions: [...questions], bankIds: [...bankIds] },
      signal,
    });
    if (signal?.aborted) return;
    const items = batch.items
      .filter((item) => {
        const key = itemKey(item);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .slice(0, asked);
    for (const item of items) {
      questions.push(avoidText(item));
      if (item.bankId) bankIds.push(item.bankId);
      if (item.source === "bank") fromBank++;
      else fromAi++;
    }
    if ("fallback" in batch) {
      described = true;
      fallback = (batch as ItemBatch).fallback ?? fallback;
    }
    // A short batch from the bank alone means the bank has no more on this topic.
    const done =
      items.length === 0 ||
      fromAi + fromBank >= count ||
      (items.length < asked && batch.source === "bank");
    const shortfall =
      done && fromAi + fromBank < count
        ? shortfallMessage({
            kind,
            topic,
            asked: count,
            fromAi,
            fromBank,
            fallback: described ? fallback : null,
          })
        : null;
    yield { items, source: batch.source, shortfall };
    if (done) return;
  }
}
