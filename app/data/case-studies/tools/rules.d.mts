/** Types for rules.mjs (the case files' format, plain JavaScript so the checker runs with node). */
export declare function caseProblems(
  file: unknown,
  fileName: string,
): { errors: string[]; warnings: string[] };
