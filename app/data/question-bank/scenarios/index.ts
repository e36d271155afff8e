/**
 * The patient scenario files, one condition each. Adding a condition is one
 * line here: `export { default as <condition> } from "./<file>";`
 * (app/data/question-bank/index.ts collects every export).
 */
export { default as acuteAsthma } from "./acute-asthma";
export { default as acuteCoronarySyndrome } from "./acute-coronary-syndrome";
export { default as copdExacerbation } from "./copd-exacerbation";
export { default as dengue } from "./dengue";
export { default as diabeticKetoacidosis } from "./diabetic-ketoacidosis";
export { default as meningitis } from "./meningitis";
export { default as organophosphatePoisoning } from "./organophosphate-poisoning";
export { default as preEclampsia } from "./pre-eclampsia";
export { default as pulmonaryEmbolism } from "./pulmonary-embolism";
export { default as sepsis } from "./sepsis";
export { default as stroke } from "./stroke";
export { default as upperGiBleed } from "./upper-gi-bleed";
