/** Types for rules.mjs (the bank's rules, plain JavaScript so the authoring tools run with node). */
export declare const SUBJECTS: readonly string[];
export declare const DIFFICULTIES: readonly ["easy", "moderate", "hard"];
export declare const ITEM_TYPES: readonly string[];
export declare const EXAMS: readonly string[];
export declare const NEAR_DUPLICATE: number;
export declare const LIMITS: {
  keyLongestShare: number;
  minHardShare: number;
  maxKeyLengthRatio: number;
  letterShare: [number, number];
  maxItemsPerTeachingPoint: number;
};
export type RuleItem = {
  id: string;
  subject: string;
  topic: string;
  subtopic: string;
  difficulty: string;
  type: string;
  exams: string[];
  tags: string[];
  teachingPoint: string;
  question: string;
  options: string[];
  correctIndex: number;
  explanations: string[];
  takeaway: string;
  reference: string;
  condition?: string;
  case?: { history: string; examination: string; results: string };
};
export declare function stemSimilarity(a: string, b: string): number;
export declare function stemText(item: Pick<RuleItem, "question" | "case">): string;
export declare function itemProblems(item: RuleItem, options?: { isCase?: boolean }): string[];
export declare function keyIsLongest(item: Pick<RuleItem, "options" | "correctIndex">): boolean;
export declare function setFigures(items: RuleItem[]): {
  count: number;
  letters: number[];
  keyLongestShare: number;
  hardShare: number;
  keyLengthRatio: number;
};
export declare function setProblems(items: RuleItem[]): string[];
export declare function nearDuplicates(items: RuleItem[]): [string, string, number][];
