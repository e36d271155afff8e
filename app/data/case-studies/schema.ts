/**
 * The case files' shape (app/data/case-studies/cases/*.json, docs/case-studies.md).
 * `npm run cases:build` checks every file with it and with tools/rules.mjs before
 * writing the D1 migration; the server reads the type only (case-library.server.ts).
 */
import { z } from "zod";
import { CASE_SPECIALTIES } from "../../lib/case-studies";
import { caseProblems } from "./tools/rules.mjs";

const vitalsSchema = z.object({
  pulse: z.number(),
  bp: z.string(),
  rr: z.number(),
  spo2: z.number(),
  temp: z.number(),
  gcs: z.number().optional(),
  glucose: z.number().optional(),
  weightKg: z.number().optional(),
});

const minutes = z.number().int().min(0);

const caseSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string(),
  specialty: z.enum(CASE_SPECIALTIES),
  subject: z.string(),
  difficulty: z.enum(["core", "advanced"]),
  setting: z.enum(["district", "tertiary"]),
  patient: z.object({ name: z.string(), age: z.string(), sex: z.string(), summary: z.string() }),
  presentingComplaint: z.string(),
  vitals: vitalsSchema,
  timeline: z.object({
    deteriorateAfterMinutes: minutes,
    criticalActions: z.array(z.string()).min(1),
    deterioration: z.string(),
    vitalsAfter: vitalsSchema,
  }),
  history: z.array(
    z.object({
      id: z.string(),
      question: z.string(),
      answer: z.string(),
      minutes,
      value: z.enum(["essential", "useful", "low"]),
    }),
  ),
  examination: z.array(
    z.object({
      id: z.string(),
      system: z.string(),
      label: z.string(),
      finding: z.string(),
      minutes,
      value: z.enum(["essential", "useful", "low"]),
    }),
  ),
  investigations: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      result: z.string(),
      minutes,
      cost: z.object({ district: z.number().min(0), tertiary: z.number().min(0) }),
      available: z.object({ district: z.boolean(), tertiary: z.boolean() }),
      value: z.enum(["necessary", "useful", "wasteful"]),
      why: z.string(),
    }),
  ),
  differentials: z.array(z.object({ id: z.string(), label: z.string(), fits: z.string() })),
  diagnosis: z.object({ correct: z.string(), reasoning: z.string() }),
  management: z.array(
    z.object({
      id: z.string(),
      action: z.string(),
      minutes,
      value: z.enum(["essential", "appropriate", "unnecessary", "harmful"]),
      why: z.string(),
    }),
  ),
  disposition: z.object({
    options: z.array(z.object({ id: z.string(), label: z.string() })).min(2),
    correct: z.string(),
    why: z.string(),
  }),
  idealPath: z.array(z.string()),
  teachingPoints: z.array(z.string()),
  references: z.array(z.string()),
});

export type CaseFile = z.infer<typeof caseSchema>;

/** A case file checked against its shape and rules: the file, or every problem it has. */
export function checkCaseFile(
  raw: unknown,
  fileName: string,
): { file: CaseFile; problems: [] } | { file: null; problems: string[] } {
  const parsed = caseSchema.safeParse(raw);
  const { errors } = caseProblems(raw, fileName);
  if (parsed.success && errors.length === 0) return { file: parsed.data, problems: [] };
  return {
    file: null,
    problems: [...(parsed.success ? [] : parsed.error.issues.map(issueText)), ...errors],
  };
}

const issueText = (issue: z.core.$ZodIssue) =>
  `${issue.path.join(".") || "(file)"}: ${issue.message}`;
