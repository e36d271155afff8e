/**
 * The offline question bank: every quiz question and patient scenario file,
 * collected from quiz/index.ts and scenarios/index.ts (one export line per
 * file there). The items are checked against types.ts's schemas by
 * app/models/question-bank.server.test.ts, not at run time.
 */
import * as quizTopics from "./quiz";
import * as scenarioConditions from "./scenarios";
import type { BankQuestion, BankScenario } from "./types";

export type { BankQuestion, BankScenario } from "./types";

/** Every quiz question, topic by topic (alphabetical by export name). */
export const BANK_QUESTIONS: readonly BankQuestion[] = Object.values(quizTopics).flat();

/** Every patient scenario, condition by condition (alphabetical by export name). */
export const BANK_SCENARIOS: readonly BankScenario[] = Object.values(scenarioConditions).flat();
