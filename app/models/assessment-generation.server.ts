/**
 * Quiz and simulation items from the offline question bank only: the topic is
 * matched against each item's topic, condition and tags. A placeholder with
 * the GenerateItems contract of app/lib/assessments.ts, so attempts can be
 * generated, taken and tested; the AI-backed generator replaces this file.
 */
import type { BankQuestion, BankScenario } from "~/data/question-bank/types";
import type { AiGenerator } from "~/integrations/ai/index.server";
import type { AssessmentItem, GenerateItems } from "~/lib/assessments";

const quizModules = import.meta.glob<{ default: BankQuestion[] }>(
  "../data/question-bank/quiz/*.ts",
  { eager: true },
);
const scenarioModules = import.meta.glob<{ default: BankScenario[] }>(
  "../data/question-bank/scenarios/*.ts",
  { eager: true },
);

const quizBank = Object.values(quizModules).flatMap((module) => module.default);
const scenarioBank = Object.values(scenarioModules).flatMap((module) => module.default);

function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9'+/ -]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function containsPhrase(haystack: string, needle: string): boolean {
  return needle.length > 1 && ` ${haystack} `.includes(` ${needle} `);
}

/** How well an item matches the typed topic (0: not at all). */
function matchScore(item: BankQuestion | BankScenario, topic: string): number {
  const names = [item.topic, "condition" in item ? item.condition : ""].map(normalize);
  const tags = item.tags.map(normalize);
  if (names.includes(topic) || tags.includes(topic)) return 3;
  if ([...names, ...tags].some((term) => containsPhrase(topic, term))) return 2;
  if (topic.length >= 4 && [...names, ...tags].some((term) => containsPhrase(term, topic)))
    return 1;
  return 0;
}

function toItem(entry: BankQuestion | BankScenario): AssessmentItem {
  return {
    question: entry.question,
    options: entry.options,
    correctIndex: entry.correctIndex,
    explanations: entry.explanations,
    takeaway: entry.takeaway,
    reference: entry.reference,
    case: "case" in entry ? entry.case : null,
    source: "bank",
    bankId: entry.id,
  };
}

export function createItemGenerator(_ai: AiGenerator): GenerateItems {
  return async ({ kind, topic, count, avoid }) => {
    const wanted = normalize(topic);
    const bank: (BankQuestion | BankScenario)[] = kind === "quiz" ? quizBank : scenarioBank;
    const seenIds = new Set(avoid.bankIds);
    const seenQuestions = new Set(avoid.questions.map(normalize));
    const matches = bank
      .map((entry, order) => ({ entry, order, score: matchScore(entry, wanted) }))
      .filter(
        ({ entry, score }) =>
          score > 0 && !seenIds.has(entry.id) && !seenQuestions.has(normalize(entry.question)),
      )
      .sort((a, b) => b.score - a.score || a.order - b.order);
    const items = matches.slice(0, count).map(({ entry }) => toItem(entry));
    const noun = kind === "quiz" ? "questions" : "scenarios";
    return {
      items,
      source: "bank",
      shortfall:
        items.length < count
          ? `The offline question bank has no more ${noun} about ${topic.trim()}.`
          : null,
    };
  };
}
