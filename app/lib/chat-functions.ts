/**
 * The mentor chat's conversation functions: the one list of keys and
 * labels used by the chat screen, history filter, API validation and prompts.
 */
export const CHAT_FUNCTIONS = [
  "general",
  "studyHelp",
  "clinicalSimulation",
  "studySchedule",
  "cvSopHelp",
  "careerGuidance",
] as const;

export type ChatFunction = (typeof CHAT_FUNCTIONS)[number];

export const DEFAULT_CHAT_FUNCTION: ChatFunction = "general";

export const CHAT_FUNCTION_LABELS: Record<ChatFunction, string> = {
  general: "General",
  studyHelp: "Study Help",
  clinicalSimulation: "Clinical Simulation",
  studySchedule: "Study Schedule",
  cvSopHelp: "CV/SOP Help",
  careerGuidance: "Career Guidance",
};

export function isChatFunction(value: unknown): value is ChatFunction {
  return typeof value === "string" && (CHAT_FUNCTIONS as readonly string[]).includes(value);
}

/** A function key from a query parameter or form field; anything unknown is the default. */
export function parseChatFunction(value: unknown): ChatFunction {
  return isChatFunction(value) ? value : DEFAULT_CHAT_FUNCTION;
}
