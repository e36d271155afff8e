/**
 * The offline question bank's item shapes: written by hand, checked twice,
 * shipped with the app so quizzes and simulations work with no AI key and
 * when the provider fails. Every item says why each option is right or wrong,
 * gives a one-line takeaway and names a standard textbook or guideline.
 */
import { z } from "zod";

const text = (min: number) => z.string().trim().min(min);

export const bankQuestionSchema = z.object({
  /** Stable and unique across the bank: "<topic-slug>-<nn>". */
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  /** The topic as learners would name it, e.g. "Cardiology". */
  topic: text(3),
  /** Lower-case search terms: subtopics, synonyms and abbreviations (mi, stemi, dka, copd…). */
  tags: z.array(z.string().regex(/^[a-z0-9][a-z0-9 '+/-]*$/)).min(3),
  question: text(20),
  options: z.tuple([text(1), text(1), text(1), text(1)]),
  correctIndex: z.number().int().min(0).max(3),
  /** Why each option, in order, is right or wrong. */
  explanations: z.tuple([text(10), text(10), text(10), text(10)]),
  /** The one line to remember. */
  takeaway: text(10),
  /** A standard textbook or guideline by name (and chapter or year where useful). */
  reference: text(5),
  difficulty: z.enum(["easy", "medium", "hard"]),
});

export type BankQuestion = z.infer<typeof bankQuestionSchema>;

export const bankScenarioSchema = bankQuestionSchema.extend({
  /** The condition the case is about, e.g. "Diabetic ketoacidosis". */
  condition: text(3),
  /** The patient case shown before the question: fictional and anonymised. */
  case: z.object({
    /** Age, sex, presenting complaint, relevant history. */
    history: text(40),
    /** Vital signs and examination findings. */
    examination: text(20),
    /** Key investigation results (may say none are back yet). */
    results: text(10),
  }),
});

export type BankScenario = z.infer<typeof bankScenarioSchema>;
