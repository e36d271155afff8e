/**
 * Case studies (Pro), shared by the server and the browser: what a learner
 * sees of a case (only what they have uncovered), the actions they can take,
 * the debrief's shape, the messages and the limits. The cases themselves and
 * their answers stay on the server (app/models/case-library.server.ts).
 */
import { z } from "zod";

export const CASE_SPECIALTIES = [
  "medicine",
  "surgery",
  "obstetrics",
  "paediatrics",
  "emergency",
] as const;
export type CaseSpecialty = (typeof CASE_SPECIALTIES)[number];

export const SPECIALTY_LABELS: Record<CaseSpecialty, string> = {
  medicine: "Medicine",
  surgery: "Surgery",
  obstetrics: "Obstetrics",
  paediatrics: "Paediatrics",
  emergency: "Emergency",
};

export type CaseSetting = "district" | "tertiary";
export const SETTING_LABELS: Record<CaseSetting, string> = {
  district: "District hospital",
  tertiary: "Tertiary centre",
};

export const CASE_LIMITS = {
  /** Free-text history questions one attempt may ask. */
  freeTextQuestions: 20,
  freeTextLength: 300,
  /** Case minutes ordering one investigation takes (its result follows after its turnaround). */
  orderMinutes: 1,
  /** The longest single wait. */
  maxWaitMinutes: 24 * 60,
  differential: 3,
} as const;

export const CASE_MESSAGES = {
  notFound: "That case attempt was not found.",
  caseNotFound: "That case was not found.",
  invalidId: "The case attempt id is not valid.",
  finished: "This case is finished: its debrief is below.",
  notFinished: "This case is still running: finish it to see the debrief.",
  conflict: "The case changed at the same moment in another tab. Please try again.",
  unknownItem: "That choice is not part of this case.",
  notAvailable: "Not available here.",
  notUnderstood: "The patient does not understand; try asking another way or choose from the list.",
  freeTextCap: `You have asked ${CASE_LIMITS.freeTextQuestions} free-text questions in this case; choose from the list instead.`,
  needDiagnosisAndDisposition:
    "Choose a final diagnosis and a disposition before finishing the case.",
  listFailed: "Your case studies could not be loaded. Please try again.",
  startFailed: "The case could not be started. Please try again.",
  actionFailed: "That could not be done just now. Please try again.",
  finishFailed: "The case could not be finished. Please try again.",
} as const;

export const casePath = (attemptId: string) => `/case-studies/${attemptId}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export function isCaseAttemptId(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

const itemId = z
  .string({ error: "Choose an item from the case." })
  .trim()
  .regex(/^[a-z0-9-]{1,80}$/, { error: "Choose an item from the case." });

/** One action on a running case (the page's forms and POST /api/case-studies/{id}/actions). */
export const caseActionSchema = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("history"), id: itemId }),
    z.object({ type: z.literal("exam"), id: itemId }),
    z.object({ type: z.literal("order"), id: itemId }),
    z.object({ type: z.literal("treat"), id: itemId }),
    z.object({
      type: z.literal("ask"),
      question: z
        .string({ error: "Type a question for the patient." })
        .trim()
        .min(2, { error: "Type a question for the patient." })
        .max(CASE_LIMITS.freeTextLength, {
          error: `A question can be at most ${CASE_LIMITS.freeTextLength} characters.`,
        }),
    }),
    z.object({
      type: z.literal("differential"),
      ids: z
        .array(itemId)
        .min(1, { error: "Choose at least one diagnosis for the differential." })
        .max(CASE_LIMITS.differential, {
          error: `Choose at most ${CASE_LIMITS.differential} diagnoses for the differential.`,
        }),
    }),
    z.object({ type: z.literal("diagnosis"), id: itemId }),
    z.object({ type: z.literal("disposition"), id: itemId }),
    z.object({
      type: z.literal("wait"),
      until: z.coerce
        .number({ error: "Say until which case minute to wait." })
        .int({ error: "Say until which case minute to wait." })
        .min(0, { error: "Say until which case minute to wait." }),
    }),
  ],
  {
    error:
      "The action must be history, exam, order, treat, ask, differential, diagnosis, disposition or wait.",
  },
);
export type CaseAction = z.infer<typeof caseActionSchema>;

/** POST /api/case-studies and the home page's start form. */
export const startCaseSchema = z.object({
  caseId: z
    .string({ error: "Choose a case." })
    .trim()
    .regex(/^[a-z0-9-]{1,80}$/, { error: "Choose a case." }),
});

export type Vitals = {
  pulse: number;
  bp: string;
  rr: number;
  spo2: number;
  temp: number;
  gcs?: number;
  glucose?: number;
  weightKg?: number;
};

/** A case in the list: nothing that gives the diagnosis away. */
export type CaseSummary = {
  id: string;
  title: string;
  specialty: CaseSpecialty;
  subject: string;
  difficulty: "core" | "advanced";
  setting: CaseSetting;
  patient: { name: string; age: string; sex: string };
};

export type CaseHomeEntry = CaseSummary & {
  bestScore: number | null;
  finishedCount: number;
  activeAttemptId: string | null;
};

export type TimelineEntry = { at: number; until: number; text: string };

/** A running case as the learner sees it: only what they have uncovered. */
export type CaseView = {
  attemptId: string;
  caseId: string;
  title: string;
  specialty: CaseSpecialty;
  subject: string;
  difficulty: "core" | "advanced";
  setting: CaseSetting;
  status: "active" | "finished";
  version: number;
  patient: { name: string; age: string; sex: string; summary: string };
  presentingComplaint: string;
  clock: number;
  vitals: Vitals;
  deterioration: { at: number; text: string } | null;
  rupeesSpent: number;
  history: { id: string; question: string; minutes: number; answer: string | null }[];
  freeText: { question: string; answer: string; at: number }[];
  freeTextLeft: number;
  examination: {
    id: string;
    system: string;
    label: string;
    minutes: number;
    finding: string | null;
  }[];
  investigations: {
    id: string;
    name: string;
    rupees: number;
    turnaround: number;
    state: "not-ordered" | "unavailable" | "pending" | "ready";
    dueAt: number | null;
    result: string | null;
  }[];
  management: { id: string; action: string; minutes: number; givenAt: number | null }[];
  differentials: { id: string; label: string }[];
  differential: string[];
  diagnosis: string | null;
  dispositionOptions: { id: string; label: string }[];
  disposition: string | null;
  /** The next pending result's minute, if any. */
  nextResultAt: number | null;
  timeline: TimelineEntry[];
};

export type DomainKey =
  | "history"
  | "examination"
  | "investigations"
  | "diagnosis"
  | "management"
  | "disposition"
  | "time";

export const DOMAIN_LABELS: Record<DomainKey, string> = {
  history: "History",
  examination: "Examination",
  investigations: "Investigations",
  diagnosis: "Diagnosis",
  management: "Management",
  disposition: "Disposition",
  time: "Time",
};

/** Each domain's share of the 100 points. */
export const DOMAIN_WEIGHTS: Record<DomainKey, number> = {
  history: 15,
  examination: 15,
  investigations: 15,
  diagnosis: 20,
  management: 20,
  disposition: 5,
  time: 10,
};

export type DomainScore = { domain: DomainKey; points: number; max: number };

type Item = { id: string; label: string; why?: string };

/** The scored debrief, saved on the attempt (breakdown) and shown once the case is finished. */
export type CaseDebrief = {
  score: number;
  domains: DomainScore[];
  history: { asked: (Item & { value: string })[]; missedEssential: Item[] };
  examination: { done: (Item & { value: string })[]; missedEssential: Item[] };
  investigations: {
    necessaryOrdered: (Item & { rupees: number })[];
    necessaryMissed: (Item & { rupees: number })[];
    usefulOrdered: (Item & { rupees: number })[];
    wastefulOrdered: (Item & { rupees: number })[];
    wastefulRupees: number;
    rupeesSpent: number;
  };
  diagnosis: {
    final: Item | null;
    correct: Item;
    finalCorrect: boolean;
    inDifferential: boolean;
    differential: Item[];
    reasoning: string;
    candidates: { id: string; label: string; fits: string }[];
  };
  management: {
    essentialGiven: Item[];
    essentialMissed: Item[];
    appropriateGiven: Item[];
    harmfulGiven: Item[];
    unnecessaryGiven: Item[];
  };
  disposition: { chosen: Item | null; correct: Item; why: string };
  time: {
    deteriorated: boolean;
    deterioratedAt: number | null;
    limit: number;
    criticalActions: (Item & { doneAt: number | null })[];
    finishedAtMinute: number;
    text: string;
  };
  idealPath: string[];
  teachingPoints: string[];
  references: string[];
};

/** A finished case on /progress: its score and its domains. */
export type CaseProgressEntry = {
  attemptId: string;
  caseId: string;
  title: string;
  specialty: CaseSpecialty;
  score: number;
  finishedAt: number;
  domains: DomainScore[];
};
