/**
 * The mentor without the AI, against the real question bank in D1: what a
 * learner reads in each of the six modes, the quiz and case flows across
 * turns, and the honest reply (teaching nothing, costing nothing) when the
 * bank has nothing on the question.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import type { AiMessage } from "~/integrations/ai/index.server";
import { CHAT_FUNCTIONS, type ChatFunction } from "~/lib/chat-functions";
import {
  BANK_OPENING,
  createBankMentor,
  EDUCATION_NOTE,
  readChoice,
  SUGGESTED_TOPICS,
  topicOf,
} from "./bank-mentor.server";
import { findBankItems, findBankItemsByIds } from "./question-bank.server";

const db = () => createDb(env.DB);
const NOW = Date.UTC(2026, 10, 25, 6);
const mentor = () => createBankMentor(db(), () => NOW);

async function ask(mode: ChatFunction, ...turns: string[]) {
  const messages: AiMessage[] = turns.map((text, index) => ({
    role: index % 2 === 0 ? "user" : "model",
    text,
  }));
  return mentor().reply({ mode, messages });
}

/** Runs a conversation: each learner message answered in turn; the replies. */
async function converse(mode: ChatFunction, ...learner: string[]) {
  const turns: string[] = [];
  const replies = [];
  for (const text of learner) {
    turns.push(text);
    const reply = await ask(mode, ...turns);
    replies.push(reply);
    turns.push(reply.text);
  }
  return replies;
}

const refOf = (text: string) => /(?:Question|Case) ref: `([^`]+)`/.exec(text)?.[1];

async function itemOf(text: string) {
  const id = refOf(text);
  expect(id, text).toBeTruthy();
  const [item] = await findBankItemsByIds(db(), [id!]);
  expect(item).toBeTruthy();
  return item!;
}

const CONFIGURATION =
  /gemini|api[ _-]?key|\bkeys?\b|configur|administrator|environment|\.dev\.vars|not the ai/i;

describe("every reply", () => {
  const samples: [ChatFunction, string][] = [
    ["general", "What is the Frank-Starling law?"],
    ["general", "what is the capital of France"],
    ["studyHelp", "hello"],
    ["clinicalSimulation", "a case of xyzzy disease"],
    ["studySchedule", "plan for NEET PG"],
    ["cvSopHelp", "help with my CV"],
    ["careerGuidance", "options after MBBS"],
  ];

  it.each(samples)(
    "in %s mode opens by saying it answers from the reviewed bank, ends with the education note, and never mentions configuration (%s)",
    async (mode, text) => {
      const reply = await ask(mode, text);
      expect(reply.text.startsWith(`${BANK_OPENING}\n\n`)).toBe(true);
      expect(reply.text.trim().endsWith(`_${EDUCATION_NOTE}_`)).toBe(true);
      expect(reply.text).not.toMatch(CONFIGURATION);
    },
  );

  it("covers all six modes", () => {
    expect(new Set(samples.map(([mode]) => mode))).toEqual(new Set(CHAT_FUNCTIONS));
  });
});

describe("general: teaching from the bank", () => {
  it("gives the best items' key points, each with its takeaway, its right option's explanation and its reference", async () => {
    const reply = await ask("general", "Tell me about sepsis");
    expect(reply.teaches).toBe(true);
    const { items } = await findBankItems(db(), {
      kind: "quiz",
      topic: "sepsis",
      count: 3,
      seed: "sepsis",
    });
    expect(items.length).toBeGreaterThan(1);
    for (const item of items) {
      expect(reply.text).toContain(item.takeaway);
      expect(reply.text).toContain(`_Reference: ${item.reference}_`);
      const explanation = item.explanations[item.correctIndex]!.replace(/^Right:\s*/, "");
      expect(reply.text).toContain(explanation.slice(1, 60));
    }
    expect(reply.text).toContain('Say "quiz me on sepsis"');
    expect(reply.text).not.toContain("ref: `");
  });

  it("finds the topic inside a question: 'mechanism of action of metformin' is about metformin", async () => {
    expect(topicOf("What is the mechanism of action of metformin?")).toBe("metformin");
    expect(topicOf("Can you explain diabetic ketoacidosis please")).toBe("diabetic ketoacidosis");
    expect(topicOf("quiz me on heart failure")).toBe("heart failure");
    const reply = await ask("general", "What is the mechanism of action of metformin?");
    expect(reply.teaches).toBe(true);
    expect(reply.text).toContain("about metformin**");
    expect(reply.text.toLowerCase()).toContain("metformin");
  });
});

describe("nothing in the bank", () => {
  it("says so honestly, suggests topics, and reports that it teaches nothing", async () => {
    const reply = await ask("general", "What is the capital of France?");
    expect(reply.teaches).toBe(false);
    expect(reply.text).toContain(
      `I couldn't find anything on "capital of france" in the reviewed bank`,
    );
    expect(reply.text).toContain("This reply does not count towards your uses.");
    expect(reply.text).toContain("Pharmacology");
    expect(reply.text).toContain(`"explain ${SUGGESTED_TOPICS[0]}"`);
    expect(reply.text).not.toContain("Reference:");
  });

  it("asks for a topic when the message has none, teaching nothing", async () => {
    for (const [mode, text] of [
      ["general", "hello"],
      ["studyHelp", "thanks!"],
      ["general", "neet pg"],
    ] as const) {
      const reply = await ask(mode, text);
      expect(reply.teaches, text).toBe(false);
      expect(reply.text).toContain("Tell me a topic and I'll teach it from the bank.");
    }
  });

  it("only suggests topics the bank does teach", async () => {
    for (const topic of SUGGESTED_TOPICS) {
      const reply = await ask("general", `explain ${topic}`);
      expect(reply.teaches, topic).toBe(true);
    }
  });

  it("in a case, says it has no case on that condition", async () => {
    const reply = await ask("clinicalSimulation", "give me a case of xyzzy syndrome");
    expect(reply.teaches).toBe(false);
    expect(reply.text).toContain(
      `I couldn't find anything on "xyzzy syndrome" in the reviewed bank`,
    );
    expect(reply.text).toContain('"start a case"');
  });
});

describe("quiz me", () => {
  it("asks one of the bank's questions with options A to D", async () => {
    const [question] = await converse("general", "Quiz me on heart failure");
    expect(question!.teaches).toBe(true);
    const item = await itemOf(question!.text);
    expect(item.tags.join(" ").toLowerCase()).toContain("heart failure");
    expect(question!.text).toContain(item.question);
    item.options.forEach((option, index) =>
      expect(question!.text).toContain(`${"ABCD"[index]}. ${option}`),
    );
    expect(question!.text).not.toContain(item.takeaway);
  });

  it("marks a right answer given as a letter, explaining every option", async () => {
    const [question] = await converse("general", "test me on sepsis");
    const item = await itemOf(question!.text);
    const letter = "ABCD"[item.correctIndex]!;
    const [, marked] = await converse("general", "test me on sepsis", letter.toLowerCase());
    expect(marked!.teaches).toBe(true);
    expect(marked!.text).toContain(`**Your answer, ${letter}, is correct.**`);
    for (const explanation of item.explanations) {
      expect(marked!.text).toContain(explanation.replace(/^(Right|Wrong):\s*/, "").slice(1, 50));
    }
    expect(marked!.text).toContain(`**Takeaway:** ${item.takeaway}`);
    expect(marked!.text).toContain(`_Reference: ${item.reference}_`);
  });

  it("marks a wrong answer, in words or as the option's text, and names the right one", async () => {
    const [question] = await converse("general", "ask me a question on tuberculosis");
    const item = await itemOf(question!.text);
    const wrong = (item.correctIndex + 1) % 4;
    const right = `The answer is **${"ABCD"[item.correctIndex]}. ${item.options[item.correctIndex]}**`;
    for (const answer of [`I think it's ${"ABCD"[wrong]}`, item.options[wrong]!]) {
      const [, marked] = await converse("general", "ask me a question on tuberculosis", answer);
      expect(marked!.text, answer).toContain(`**Your answer, ${"ABCD"[wrong]}, is not right.**`);
      expect(marked!.text).toContain(right);
    }
    const [, shown] = await converse("general", "ask me a question on tuberculosis", "show answer");
    expect(shown!.text).toContain(right);
    expect(shown!.text).not.toContain("Your answer");
  });

  it("treats a new question, not an answer, as a new question", async () => {
    const [, next] = await converse("general", "quiz me on heart failure", "What is DKA?");
    expect(next!.text).not.toContain("Your answer");
    expect(next!.text).toContain("about dka**");
  });

  it("asks a different question on the same area when asked for another", async () => {
    const [first, , another] = await converse("general", "quiz me on asthma", "A", "another");
    const one = await itemOf(first!.text);
    const two = await itemOf(another!.text);
    expect(two.id).not.toBe(one.id);
    expect(two.topic).toBe(one.topic);
  });
});

describe("study help", () => {
  it("teaches the key points, then checks understanding with a bank question it marks next turn", async () => {
    const [taught, marked] = await converse("studyHelp", "explain diabetic ketoacidosis", "B");
    expect(taught!.text).toContain("**Check your understanding**");
    const item = await itemOf(taught!.text);
    expect(taught!.text).not.toContain(item.takeaway);
    expect(marked!.text).toContain("**Your answer, B, is");
    expect(marked!.text).toContain(`**Takeaway:** ${item.takeaway}`);
  });
});

describe("clinical simulation", () => {
  it("presents a bank case step by step and marks the answer step by step", async () => {
    const [presented, marked] = await converse("clinicalSimulation", "a case of asthma", "A");
    const item = await itemOf(presented!.text);
    expect(item.case).toBeTruthy();
    const text = presented!.text;
    const order = [
      item.case!.history,
      item.case!.examination,
      item.case!.results,
      item.question,
    ].map((part) => text.indexOf(part));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain("**Step 1 · History.**");
    expect(text).not.toContain(item.takeaway);

    expect(marked!.teaches).toBe(true);
    const verdict = item.correctIndex === 0 ? "is correct" : "is not right";
    expect(marked!.text).toContain(`**Your answer, A, ${verdict}.**`);
    expect(marked!.text).toContain("**Step 1 · What the case turns on.**");
    expect(marked!.text).toContain("· The best next step.**");
    expect(marked!.text).toContain(`**Takeaway:** ${item.takeaway}`);
  });

  it("starts a case on any condition when none is named, and a new one when asked for another", async () => {
    const [first, , second] = await converse(
      "clinicalSimulation",
      "start a case",
      "C",
      "another case",
    );
    const one = await itemOf(first!.text);
    const two = await itemOf(second!.text);
    expect(one.case && two.case).toBeTruthy();
    expect(two.id).not.toBe(one.id);
  });
});

describe("study schedule", () => {
  it("plans to the learner's exam date and hours, weighted by NEET-PG's subjects", async () => {
    const reply = await ask("studySchedule", "NEET PG on 15 March 2027, 8 hours a day");
    expect(reply.teaches).toBe(true);
    expect(reply.text).toContain("**Your NEET-PG plan: 15 weeks, about 8 hours a day**");
    expect(reply.text).toContain("Exam date: 15 March 2027 (110 days from today).");
    expect(reply.text).toMatch(/\| 1 \| Medicine/);
    expect(reply.text).toMatch(/\| Medicine \| 24 \| \d+ \| 1\d\d \|/);
    expect(reply.text).toContain("Mocks and final revision");
  });

  it("says what it assumed when the learner gave no date, and knows INI-CET's pattern", async () => {
    const plain = await ask("studySchedule", "make me a timetable");
    expect(plain.text).toContain("I assumed 16 weeks to go and 6 study hours a day");
    const inicet = await ask("studySchedule", "INI-CET in 3 weeks");
    expect(inicet.text).toContain("**Your INI-CET plan: 3 weeks");
    expect(inicet.text).toContain("+1 for a right answer and −⅓ for a wrong one");
    expect(inicet.text).toContain("Rapid revision");
  });
});

describe("CV/SOP help and career guidance", () => {
  it("answers an SOP question with the SOP's structure, a CV question with the CV's", async () => {
    const sop = await ask("cvSopHelp", "How do I write my SOP for an MPH?");
    expect(sop.text).toContain("**A statement of purpose, step by step**");
    expect(sop.text).not.toContain("**A medical CV");
    const cv = await ask("cvSopHelp", "review my resume");
    expect(cv.text).toContain("**A medical CV that works (India and abroad)**");
    expect(cv.teaches).toBe(true);
  });

  it("checks a pasted draft for length and stock phrases", async () => {
    const draft = `Since childhood I have had a passion for medicine. ${"I worked in the casualty of a district hospital and learned a great deal. ".repeat(12)}`;
    const reply = await ask("cvSopHelp", draft);
    expect(reply.text).toContain("**Quick checks on your draft**");
    expect(reply.text).toContain('"since childhood", "passion"');
  });

  it("answers the path the learner asks about, or gives an overview", async () => {
    const usmle = await ask("careerGuidance", "How do I go for USMLE?");
    expect(usmle.text).toContain("**Working in the United States (USMLE)**");
    expect(usmle.text).not.toContain("**Working in the United Kingdom (PLAB)**");
    const overview = await ask("careerGuidance", "I'm confused about what to do");
    expect(overview.text).toContain("overview of the main paths after MBBS");
    expect(overview.text).toContain("**Postgraduate training in India**");
    expect(overview.text).toContain("check them with the official source");
  });
});

describe("reading an answer", () => {
  const options = [
    "Left anterior descending",
    "Left circumflex",
    "Right coronary artery",
    "Left main",
  ];
  it.each([
    ["c", 2],
    ["(B)", 1],
    ["D.", 3],
    ["A) because of the ECG", 0],
    ["My answer is b", 1],
    ["I'd go with option C", 2],
    ["right coronary artery", 2],
    ["It's the Right Coronary Artery.", 2],
    ["a patient with chest pain", null],
    ["What is an ECG?", null],
    ["left", null],
  ] as const)("reads %j as %s", (text, expected) => {
    expect(readChoice(text, options)).toBe(expected);
  });
});
