/** The screens' own words for each kind (the spec's messages are in ~/lib/assessments). */
import type { AssessmentKind } from "~/lib/assessments";

export const KIND_TEXT: Record<
  AssessmentKind,
  {
    createTitle: string;
    createDescription: string;
    dialogDescription: string;
    topicLabel: string;
    topicPlaceholder: string;
    countLabel: string;
    generate: string;
    generating: string;
    /** "Question", "Scenario": one item's name in headings. */
    item: string;
    items: string;
    pastHeading: string;
    pastEmpty: string;
    retestNone: string;
  }
> = {
  quiz: {
    createTitle: "Create custom quiz",
    createDescription:
      "Pick a topic and how many questions you want. Questions appear one at a time, each answer explained at the end.",
    dialogDescription: "Multiple-choice questions with four options each, written for your topic.",
    topicLabel: "Topic",
    topicPlaceholder: "e.g. Acute coronary syndrome, DKA, antibiotics",
    countLabel: "Number of questions",
    generate: "Generate Quiz",
    generating: "Generating quiz…",
    item: "Question",
    items: "questions",
    pastHeading: "Your past quizzes",
    pastEmpty: "No quizzes yet. Create your first one above.",
    retestNone: "You answered every question correctly.",
  },
  simulation: {
    createTitle: "Create simulation",
    createDescription:
      "Work through patient cases: read the history, examination and results, then decide the next step.",
    dialogDescription: "Each scenario gives a patient's case, then one question with four options.",
    topicLabel: "Medical topic or condition",
    topicPlaceholder: "e.g. Chest pain, sepsis, COPD exacerbation",
    countLabel: "Number of scenarios",
    generate: "Generate Simulation",
    generating: "Generating simulation…",
    item: "Scenario",
    items: "scenarios",
    pastHeading: "Your past simulations",
    pastEmpty: "No simulations yet. Create your first one above.",
    retestNone: "You answered every scenario correctly.",
  },
};
