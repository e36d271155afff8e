/**
 * The 42 reviewed virtual-patient cases (app/data/case-studies/cases/*.json,
 * docs/case-studies.md), bundled into the server only and checked with zod
 * once, the first time a case is asked for. Nothing here is ever sent to the
 * browser whole: app/models/case-engine.server.ts decides what a learner sees.
 */
import { z } from "zod";
import { CASE_SPECIALTIES, type CaseSummary } from "~/lib/case-studies";

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

const files = import.meta.glob<CaseFile>("../data/case-studies/cases/*.json", {
  eager: true,
  import: "default",
});

let library: ReadonlyMap<string, CaseFile> | null = null;

/** Every case by id, checked once (a broken file fails loudly, naming itself). */
function loadLibrary(): ReadonlyMap<string, CaseFile> {
  if (library) return library;
  const cases = new Map<string, CaseFile>();
  for (const [path, raw] of Object.entries(files)) {
    const parsed = caseSchema.safeParse(raw);
    if (!parsed.success) throw new Error(`Case file ${path} is malformed: ${parsed.error.message}`);
    const file = parsed.data;
    const ids = new Set(file.management.map((m) => m.id));
    if (
      !file.timeline.criticalActions.every((id) => ids.has(id)) ||
      !file.differentials.some((d) => d.id === file.diagnosis.correct) ||
      !file.disposition.options.some((o) => o.id === file.disposition.correct)
    ) {
      throw new Error(`Case file ${path} refers to an id it does not have`);
    }
    cases.set(file.id, file);
  }
  library = cases;
  return cases;
}

export function getCase(id: string): CaseFile | null {
  return loadLibrary().get(id) ?? null;
}

/** Every case in the list's order: specialty, then title. */
export function listCases(): CaseFile[] {
  const order = (s: string) => CASE_SPECIALTIES.indexOf(s as (typeof CASE_SPECIALTIES)[number]);
  return [...loadLibrary().values()].sort(
    (a, b) => order(a.specialty) - order(b.specialty) || a.title.localeCompare(b.title),
  );
}

export function caseSummary(file: CaseFile): CaseSummary {
  return {
    id: file.id,
    title: file.title,
    specialty: file.specialty,
    subject: file.subject,
    difficulty: file.difficulty,
    setting: file.setting,
    patient: { name: file.patient.name, age: file.patient.age, sex: file.patient.sex },
  };
}
