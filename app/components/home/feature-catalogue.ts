import type { IconName } from "./icons";

export type FeatureId =
  "chat" | "simulations" | "quizzes" | "flashcards" | "planner" | "cvSop" | "career" | "examPrep";

export type Feature = {
  id: FeatureId;
  title: string;
  summary: string;
  icon: IconName;
  /** Where its Try button leads. */
  path: string;
  /** Login-only pages: anonymous visitors are sent to /login first. */
  requiresLogin: boolean;
};

/** The eight features as the public pages present them, in the order the Features page lists them. */
export const FEATURES: readonly Feature[] = [
  {
    id: "chat",
    title: "AI Mentor Chat",
    summary:
      "Ask Dr. Mentor anything from the brachial plexus to a tricky ward-round question. Replies are short, reason step by step and match your year of training.",
    icon: "chat",
    path: "/chatbot",
    requiresLogin: false,
  },
  {
    id: "simulations",
    title: "Clinical Simulations",
    summary:
      "Work through patient cases on a topic you choose: read the presentation, pick the next step from four options, and see where your reasoning held up.",
    icon: "pulse",
    path: "/clinical-simulations",
    requiresLogin: true,
  },
  {
    id: "quizzes",
    title: "Clinical Quizzes",
    summary:
      "Generate up to 20 MCQs on any topic in seconds, answer at your own pace and finish with your score and a question-by-question breakdown.",
    icon: "checklist",
    path: "/clinical-quizzes",
    requiresLogin: true,
  },
  {
    id: "flashcards",
    title: "Flashcards",
    summary:
      "Turn your notes into cards, sort them by subject and revise by tapping to flip, stepping through a deck or drawing one at random.",
    icon: "cards",
    path: "/flashcards",
    requiresLogin: true,
  },
  {
    id: "planner",
    title: "Study Planner",
    summary:
      "Tell the mentor your exam date, your weak subjects and the hours you really have, and it drafts a timetable. On Plus and Pro, the study planner lays out every day to your exam and rebalances when you miss one.",
    icon: "calendar",
    path: "/chatbot?function=studySchedule",
    requiresLogin: false,
  },
  {
    id: "cvSop",
    title: "CV & SOP Help",
    summary:
      "Shape your CV, statement of purpose or residency application with feedback on structure, clarity and tone, without losing your own voice.",
    icon: "document",
    path: "/chatbot?function=cvSopHelp",
    requiresLogin: false,
  },
  {
    id: "career",
    title: "Career Guidance",
    summary:
      "Think through what comes next: PG entrance exams, choosing a specialty, research, public health or working abroad, with honest trade-offs for each.",
    icon: "compass",
    path: "/chatbot?function=careerGuidance",
    requiresLogin: false,
  },
  {
    id: "examPrep",
    title: "Exam Preparation",
    summary:
      "Build topic-wise question sets for university professional exams and PG entrance preparation. Plus and Pro add practice tests marked like your exam and progress analytics that show which topics need another round.",
    icon: "cap",
    path: "/clinical-quizzes",
    requiresLogin: true,
  },
];

export function getFeature(id: FeatureId): Feature {
  const feature = FEATURES.find((candidate) => candidate.id === id);
  if (!feature) throw new Error(`Unknown feature ${id}`);
  return feature;
}
