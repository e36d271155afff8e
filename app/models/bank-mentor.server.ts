/**
 * The mentor without the AI: replies composed from MedMentor's reviewed
 * question bank, in the style of the chat's six modes, for when the AI mentor
 * is unavailable (no key configured, or the provider failed). The offline
 * generator (app/integrations/ai/offline.server.ts) streams what this writes.
 *
 *   - General / Study Help: the key points of the bank's most relevant items
 *     on the learner's topic (the right option's explanation, the takeaway
 *     and the reference); Study Help ends with one of the bank's questions to
 *     check understanding. "Quiz me" asks one question; the next message is
 *     marked (a letter or the option's text) with every option explained.
 *   - Clinical Simulation: a case from the bank (history, examination,
 *     results, then the question), and the learner's answer marked step by step.
 *   - Study Schedule, CV/SOP Help, Career Guidance: mentor-guidance.server.ts.
 *
 * The conversation is the only state: a question or case asked carries its
 * bank reference in a visible line ("Question ref: `id`"), which the next
 * turn reads back. Every reply opens by saying where it comes from and closes
 * with the education-only note; none mentions configuration. A reply that
 * found nothing to teach (no topic, nothing in the bank on it) says so
 * honestly, suggests topics, and reports `teaches: false`: it costs no use.
 */
import { normaliseTopic, readTopic } from "../data/question-bank/search";
import type { Database } from "~/db/client.server";
import type {
  AiMessage,
  BankMentor,
  BankMentorInput,
  BankReply,
} from "../integrations/ai/index.server";
import {
  bankQuestionCounts,
  type BankItem,
  findBankItems,
  findBankItemsByIds,
} from "./question-bank.server";
import { careerGuidance, cvSopGuidance, studySchedule } from "./mentor-guidance.server";

export const BANK_OPENING =
  "I'm answering from MedMentor's reviewed question bank because the AI mentor is unavailable right now.";
export const EDUCATION_NOTE = "For education only, not medical advice.";

const LETTERS = ["A", "B", "C", "D"] as const;

/** Topics the bank covers well, offered when a message finds nothing. */
export const SUGGESTED_TOPICS = [
  "myocardial infarction",
  "heart failure",
  "diabetic ketoacidosis",
  "acute asthma",
  "tuberculosis",
  "pre-eclampsia",
  "anaemia",
  "sepsis",
];

/** Composes a reply: the opening sentence, the body, the education note. */
function bankReply(body: string, teaches: boolean): BankReply {
  return { text: `${BANK_OPENING}\n\n${body.trim()}\n\n_${EDUCATION_NOTE}_`, teaches };
}

// ---------------------------------------------------------------------------
// Reading the conversation

type Asked = { kind: "question" | "case"; id: string };

const ASKED_REF = /\b(Question|Case) ref: `([^`\s]+)`/;
const ANY_REF = /\b(?:Question|Case|Answered) ref: `([^`\s]+)`/g;

/** The learner's latest message and the mentor's turn before it. */
function lastTurns(messages: readonly AiMessage[]) {
  const last = messages.at(-1);
  const learner = last?.role === "user" ? last.text : "";
  const before = messages.length > 1 ? messages.at(-2) : undefined;
  return { learner, mentor: before?.role === "model" ? before.text : "" };
}

/** The question or case the mentor's previous turn asked and is waiting on. */
function pendingItem(mentorText: string): Asked | null {
  const match = ASKED_REF.exec(mentorText);
  if (!match) return null;
  return { kind: match[1] === "Case" ? "case" : "question", id: match[2]! };
}

/** Every bank item the conversation has shown, so "another" brings a new one. */
function shownIds(messages: readonly AiMessage[]): string[] {
  return messages
    .filter((message) => message.role === "model")
    .flatMap((message) => [...message.text.matchAll(ANY_REF)].map((match) => match[1]!));
}

const flat = (text: string) =>
  text
    .toLowerCase()
    .replace(/['’‘`]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

const ANSWER_LEAD =
  /^(?:(?:i think|i guess|i believe|maybe|probably|ok|okay)\s+)?(?:my answer is|the answer is|answer is|answer|option|ans|its|it is|id go with|i would go with|ill go with|i will go with|i go with|go with|going with|i choose|i pick|i say)\s+(?:option\s+)?([a-d])(?:\s|$)/;

/** The option the learner chose (0-3): a letter, or the option's own words; null when it is not an answer. */
export function readChoice(text: string, options: readonly string[]): number | null {
  const letter =
    /^\s*\(?([a-d])\s*[).:\-–]/i.exec(text)?.[1] ??
    /^([a-d])$/.exec(flat(text))?.[1] ??
    ANSWER_LEAD.exec(flat(text))?.[1] ??
    /\boption\s+([a-d])\b/.exec(flat(text))?.[1];
  if (letter) return "abcd".indexOf(letter.toLowerCase());
  const said = normaliseTopic(text);
  if (said.length < 3) return null;
  const hits = options.flatMap((option, index) => {
    const wording = normaliseTopic(option);
    return wording && (said === wording || said.includes(wording)) ? [index] : [];
  });
  if (hits.length === 1) return hits[0]!;
  // A shortened option ("RCA" aside): the learner's words inside exactly one option.
  const partial = options.flatMap((option, index) =>
    said.split(" ").length >= 2 && normaliseTopic(option).includes(said) ? [index] : [],
  );
  return partial.length === 1 ? partial[0]! : null;
}

const GIVE_UP =
  /\b(?:dont know|do not know|no idea|not sure|idk|skip|show (?:me )?(?:the )?answer|reveal|give up|tell me (?:the )?answer)\b/;

const QUIZ_INTENT =
  /\b(?:quiz|quizzes|test me|ask me|question me|mcqs?|another|one more|next one|next question|practice questions?)\b|^next$/;

const CASE_AGAIN = /\b(?:another|next|new|one more)\b/;

/** Words about asking, not about the topic: "what is", "explain", "quiz me on". */
const ASKING_WORDS = new Set(
  (
    "what whats which who whom whose why how when where is are was were do does did can could would will should shall " +
    "you your i im me my we us let lets please pls kindly tell teach explain explanation describe define definition discuss " +
    "summarise summarize summary understand learn know revise revision study read help give show want like need " +
    "quiz quizzes test ask question questions mcq mcqs another next new one more practice case cases simulation " +
    "about regarding on hi hello hey ok okay thanks thank brief briefly short detail details detailed notes note " +
    "mechanism action moa pathophysiology pathogenesis aetiology etiology clinical features treatment management " +
    "drug choice doc side adverse effects effect investigations investigation diagnosis types classification " +
    "complications causes cause risk factors signs symptoms important points high yield facts " +
    "there here this that these those it be been being have has had not no yes any some very much many " +
    "so but if then than also just good morning evening night bye sir maam doctor dr there"
  ).split(" "),
);

const EDGE_WORDS = new Set("a an the of in on for and or to with at by from".split(" "));

/** The topic in a learner's message: its words without the asking ones ("mechanism of action of metformin" → "metformin"). */
export function topicOf(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/['’‘`]/g, "")
    .split(/[^a-z0-9&-]+/)
    .filter((word) => word && !ASKING_WORDS.has(word))
    // "of of" once the words between went.
    .filter((word, index, all) => !(EDGE_WORDS.has(word) && EDGE_WORDS.has(all[index + 1] ?? "")));
  while (EDGE_WORDS.has(words[0] ?? "")) words.shift();
  while (EDGE_WORDS.has(words.at(-1) ?? "")) words.pop();
  return words.join(" ");
}

// ---------------------------------------------------------------------------
// Finding items

const reviewed = (items: BankItem[]) => items.filter((item) => item.source === "reviewed");

/** Whether a word is one of an item's tags or names on its own ("metformin", not "capital" in "slipped capital femoral epiphysis"). */
function namedBy(item: BankItem, word: string): boolean {
  const names = [...item.tags, item.subject, item.topic, item.subtopic, item.condition ?? ""];
  return names.some((name) => normaliseTopic(name) === word);
}

/**
 * The bank's best items on a topic: the whole topic first; failing that, its
 * longest distinctive words one at a time, keeping only items named by them.
 */
async function itemsOn(
  db: Database,
  kind: "quiz" | "simulation",
  topic: string,
  count: number,
  excludeIds: string[],
): Promise<BankItem[]> {
  const whole = await findBankItems(db, { kind, topic, count, excludeIds, seed: topic });
  if (whole.items.length) return reviewed(whole.items);
  const words = [...new Set(normaliseTopic(topic).split(" "))]
    .filter((word) => word.length >= 4)
    .sort((a, b) => b.length - a.length)
    .slice(0, 3);
  if (words.length < 2) return [];
  for (const word of words) {
    const found = await findBankItems(db, { kind, topic: word, count, excludeIds, seed: topic });
    const named = reviewed(found.items).filter((item) => namedBy(item, word));
    if (named.length) return named;
  }
  return [];
}

/** A topic worth searching: something beyond greetings and words like "NEET PG". */
const isSpecific = (topic: string) => topic !== "" && !readTopic(topic).broad;

// ---------------------------------------------------------------------------
// Writing the replies

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** An option's explanation without its "Right:"/"Wrong:" lead (the reply says which it is). */
const withoutVerdict = (text: string) =>
  capitalise(text.replace(/^\s*(?:right|wrong|correct|incorrect)\s*[:.-]\s*/i, ""));

const sourceLine = (item: BankItem) =>
  item.reference
    ? `_Reference: ${item.reference}_`
    : `_Source: MedMentor's reviewed bank (${item.subject})_`;

function optionLines(item: BankItem): string[] {
  return item.options.map((option, index) => `${LETTERS[index]}. ${option}`);
}

function askQuestion(item: BankItem, heading: string): string {
  return [
    `**${heading}** (${item.subject} · ${item.topic})`,
    "",
    item.question,
    "",
    ...optionLines(item),
    "",
    `Reply with A, B, C or D (or the option's words), or say "show answer". Question ref: \`${item.id}\``,
  ].join("\n");
}

function presentCase(item: BankItem): string {
  const patient = item.case!;
  return [
    `**Clinical case** (${item.subject} · ${item.condition ?? item.topic})`,
    "",
    `**Step 1 · History.** ${patient.history}`,
    "",
    `**Step 2 · Examination.** ${patient.examination}`,
    "",
    `**Step 3 · Results.** ${patient.results}`,
    "",
    `**Step 4 · Your decision.** ${item.question}`,
    "",
    ...optionLines(item),
    "",
    `Work through the findings, then reply with A, B, C or D (or say "show answer"). Case ref: \`${item.id}\``,
  ].join("\n");
}

function verdict(item: BankItem, choice: number | null): string {
  const right = `**${LETTERS[item.correctIndex]}. ${item.options[item.correctIndex]}**`;
  if (choice === null) return `The answer is ${right}.`;
  return choice === item.correctIndex
    ? `**Your answer, ${LETTERS[choice]}, is correct.** The answer is ${right}.`
    : `**Your answer, ${LETTERS[choice]}, is not right.** The answer is ${right}.`;
}

function everyOption(item: BankItem): string[] {
  return item.options.map(
    (option, index) =>
      `- **${LETTERS[index]}. ${option}**${index === item.correctIndex ? " (answer)" : ""}: ${withoutVerdict(item.explanations[index] ?? "")}`,
  );
}

function markQuestion(item: BankItem, choice: number | null): string {
  return [
    verdict(item, choice),
    "",
    "**Why each option**",
    ...everyOption(item),
    "",
    `**Takeaway:** ${item.takeaway}`,
    "",
    sourceLine(item),
    "",
    `Say "another" for one more question on ${item.topic}, or ask me about any topic. Answered ref: \`${item.id}\``,
  ].join("\n");
}

function markCase(item: BankItem, choice: number | null): string {
  const chosen =
    choice !== null && choice !== item.correctIndex
      ? [
          `**Step 2 · Your choice.** ${LETTERS[choice]}. ${item.options[choice]}: ${withoutVerdict(item.explanations[choice] ?? "")}`,
          "",
        ]
      : [];
  const others = item.options.flatMap((option, index) =>
    index === item.correctIndex || index === choice
      ? []
      : [`- ${LETTERS[index]}. ${option}: ${withoutVerdict(item.explanations[index] ?? "")}`],
  );
  return [
    verdict(item, choice),
    "",
    `**Step 1 · What the case turns on.** ${capitalise(item.teachingPoint)}.`,
    "",
    ...chosen,
    `**Step ${chosen.length ? 3 : 2} · The best next step.** ${withoutVerdict(item.explanations[item.correctIndex] ?? "")}`,
    "",
    `**Step ${chosen.length ? 4 : 3} · Why not the others.**`,
    ...others,
    "",
    `**Takeaway:** ${item.takeaway}`,
    "",
    sourceLine(item),
    "",
    `Say "another case" for a new patient, or name a condition. Answered ref: \`${item.id}\``,
  ].join("\n");
}

function keyPoints(items: BankItem[], topic: string): string[] {
  return [
    `**What the bank's reviewed questions teach about ${topic}**`,
    "",
    ...items.flatMap((item, index) => [
      `### ${index + 1}. ${item.takeaway}`,
      "",
      withoutVerdict(item.explanations[item.correctIndex] ?? ""),
      "",
      sourceLine(item),
      "",
    ]),
  ];
}

function nothingFound(topic: string, subjects: string[], kind: "topic" | "case"): BankReply {
  const opening =
    topic === ""
      ? `Tell me a topic and I'll teach it from the bank${kind === "case" ? " as a clinical case" : ""}.`
      : `I couldn't find anything on "${topic}" in the reviewed bank, so I have nothing reliable to teach on it right now.`;
  const [first, second, third, ...rest] = SUGGESTED_TOPICS;
  const examples =
    kind === "case"
      ? `"a case of acute asthma", "a case of ${first}", or just "start a case" for any patient`
      : `"explain ${first}", "quiz me on ${second}", "${third}", or one of ${rest.join(", ")}`;
  return bankReply(
    [
      opening,
      "This reply does not count towards your uses.",
      "",
      subjects.length
        ? `The bank covers ${subjects.length} NEET-PG subjects: ${subjects.join(", ")}.`
        : "The bank covers the NEET-PG subjects.",
      `Try, for example: ${examples}.`,
    ].join("\n"),
    false,
  );
}

// ---------------------------------------------------------------------------
// The mentor

export function createBankMentor(db: Database, now: () => number = Date.now): BankMentor {
  const subjects = async () => [...(await bankQuestionCounts(db)).keys()].sort();

  async function explain(learner: string, check: boolean): Promise<BankReply> {
    const topic = topicOf(learner);
    if (!isSpecific(topic)) return nothingFound("", await subjects(), "topic");
    // Explanations may repeat what was shown before: the best items, whatever came earlier.
    const items = await itemsOn(db, "quiz", topic, 3, []);
    if (!items.length) return nothingFound(topic, await subjects(), "topic");
    const taught = check && items.length > 1 ? items.slice(0, -1) : items;
    const body = keyPoints(taught, topic);
    if (check && items.length > 1) {
      body.push("**Check your understanding**", "", askQuestion(items.at(-1)!, "Question"));
    } else {
      body.push(`Want to test yourself? Say "quiz me on ${topic}".`);
    }
    return bankReply(body.join("\n"), true);
  }

  async function quiz(learner: string, asked: string[], previousTopic: string | null) {
    const typed = topicOf(learner);
    const topic = isSpecific(typed) ? typed : (previousTopic ?? "");
    const items = topic
      ? await itemsOn(db, "quiz", topic, 1, asked)
      : reviewed(
          (
            await findBankItems(db, {
              kind: "quiz",
              topic: "mixed",
              count: 1,
              excludeIds: asked,
              seed: now(),
            })
          ).items,
        );
    const item = items[0];
    if (!item) return nothingFound(topic, await subjects(), "topic");
    return bankReply(askQuestion(item, "Question"), true);
  }

  async function clinicalCase(learner: string, asked: string[], previousTopic: string | null) {
    const typed = topicOf(learner);
    const again = CASE_AGAIN.test(flat(learner));
    const topic = isSpecific(typed) ? typed : again ? (previousTopic ?? "") : "";
    const items = topic
      ? await itemsOn(db, "simulation", topic, 1, asked)
      : reviewed(
          (
            await findBankItems(db, {
              kind: "simulation",
              topic: "mixed",
              count: 1,
              excludeIds: asked,
              seed: now(),
            })
          ).items,
        );
    const item = items.find((found) => found.case);
    if (!item) return nothingFound(topic, await subjects(), "case");
    return bankReply(presentCase(item), true);
  }

  return {
    async reply({ mode, messages }: BankMentorInput): Promise<BankReply> {
      const { learner, mentor } = lastTurns(messages);
      const asked = shownIds(messages);

      if (mode === "studySchedule")
        return bankReply(studySchedule(learner, now(), await bankQuestionCounts(db)), true);
      if (mode === "cvSopHelp") return bankReply(cvSopGuidance(learner), true);
      if (mode === "careerGuidance") return bankReply(careerGuidance(learner), true);

      // An answer to the question or case asked in the turn before.
      const pending = pendingItem(mentor);
      const [item] = pending ? await findBankItemsByIds(db, [pending.id]) : [];
      if (pending && item) {
        const choice = readChoice(learner, item.options);
        const gaveUp = choice === null && GIVE_UP.test(flat(learner));
        if (choice !== null || gaveUp) {
          const marked = item.case ? markCase(item, choice) : markQuestion(item, choice);
          return bankReply(marked, true);
        }
      }
      const [lastShown] = asked.length ? await findBankItemsByIds(db, [asked.at(-1)!]) : [];
      const previousTopic = lastShown ? (lastShown.condition ?? lastShown.topic) : null;

      if (mode === "clinicalSimulation") return clinicalCase(learner, asked, previousTopic);
      if (QUIZ_INTENT.test(flat(learner))) return quiz(learner, asked, previousTopic);
      return explain(learner, mode === "studyHelp");
    },
  };
}
