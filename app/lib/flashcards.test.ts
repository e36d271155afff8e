import { describe, expect, it } from "vitest";
import {
  FLASHCARD_MESSAGES,
  flashcardEditSchema,
  flashcardSchema,
  parseGrade,
  retentionSchema,
} from "./flashcards";

const messages = (input: unknown) => {
  const result = flashcardSchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
};

describe("flashcardSchema", () => {
  it("needs both fields, five characters each after trimming, and a category of two", () => {
    expect(messages({})).toEqual([
      ["question", FLASHCARD_MESSAGES.bothRequired],
      ["answer", FLASHCARD_MESSAGES.bothRequired],
    ]);
    expect(messages({ question: "   ", answer: "Valid answer" })).toEqual([
      ["question", FLASHCARD_MESSAGES.bothRequired],
    ]);
    expect(messages({ question: "  abcd  ", answer: " abcd " })).toEqual([
      ["question", FLASHCARD_MESSAGES.questionTooShort],
      ["answer", FLASHCARD_MESSAGES.answerTooShort],
    ]);
    expect(messages({ question: "abcde", answer: "abcde", category: "X" })).toEqual([
      ["category", FLASHCARD_MESSAGES.categoryInvalid],
    ]);
    expect(
      messages({ question: "abcde", answer: "abcde", category: "create-new", newCategory: " y " }),
    ).toEqual([["newCategory", FLASHCARD_MESSAGES.categoryInvalid]]);
    expect(messages({ question: "abcde", answer: "abcde", category: "all" })).toEqual([
      ["category", FLASHCARD_MESSAGES.categoryReserved],
    ]);
  });

  it("trims, keeps line breaks, defaults the category to General and takes a new one", () => {
    expect(
      flashcardSchema.parse({ question: "  Q line 1\r\nline 2 ", answer: " Answer " }),
    ).toEqual({
      question: "Q line 1\nline 2",
      answer: "Answer",
      category: "General",
    });
    expect(
      flashcardSchema.parse({
        question: "Question",
        answer: "Answer",
        category: "create-new",
        newCategory: "  Renal   physiology ",
      }),
    ).toMatchObject({ category: "Renal physiology" });
  });

  it("lets an edit leave the category out", () => {
    expect(flashcardEditSchema.parse({ question: "Question", answer: "Answer" })).toEqual({
      question: "Question",
      answer: "Answer",
    });
  });
});

describe("grades and retention", () => {
  it("reads grades by name or number", () => {
    expect([
      parseGrade("Good"),
      parseGrade(1),
      parseGrade("4"),
      parseGrade("great"),
      parseGrade(0),
    ]).toEqual(["good", "again", "easy", null, null]);
  });

  it("takes desired retention as a whole percentage from 70 to 99, or the fraction", () => {
    expect(retentionSchema.parse({ desiredRetention: "85" })).toEqual({ desiredRetention: 0.85 });
    expect(retentionSchema.parse({ desiredRetention: 0.9 })).toEqual({ desiredRetention: 0.9 });
    for (const bad of ["69", "100", "85.5", "abc", "", 1]) {
      expect(retentionSchema.safeParse({ desiredRetention: bad }).success, String(bad)).toBe(false);
    }
  });
});
