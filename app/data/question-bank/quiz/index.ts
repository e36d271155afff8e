/**
 * The quiz question files, one topic each. Adding a topic is one line here:
 * `export { default as <topic> } from "./<file>";` (app/data/question-bank/index.ts
 * collects every export).
 */
export { default as cardiology } from "./cardiology";
export { default as endocrinology } from "./endocrinology";
export { default as gastroenterology } from "./gastroenterology";
export { default as haematology } from "./haematology";
export { default as infectiousDiseases } from "./infectious-diseases";
export { default as nephrology } from "./nephrology";
export { default as neurology } from "./neurology";
export { default as respiratory } from "./respiratory";
