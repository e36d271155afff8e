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
export { default as pharmacology } from "./pharmacology";
export { default as obstetrics } from "./obstetrics";
export { default as gynaecology } from "./gynaecology";
export { default as paediatrics } from "./paediatrics";
export { default as surgery } from "./surgery";
export { default as psychiatry } from "./psychiatry";
export { default as physiology } from "./physiology";
export { default as emergencyMedicine } from "./emergency-medicine";
