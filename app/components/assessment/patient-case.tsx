import type { PatientCase as Case } from "~/lib/assessments";

/** A simulation's patient case: history, examination and key results. */
export function PatientCase({
  patientCase,
  headingLevel = 3,
}: {
  patientCase: Case;
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const parts = [
    ["History", patientCase.history],
    ["Examination", patientCase.examination],
    ["Key results", patientCase.results],
  ] as const;
  return (
    <section
      aria-label="Patient case"
      className="rounded-xl border border-sky-200 bg-sky-50/70 p-4 text-slate-800 sm:p-5"
    >
      <dl className="space-y-3">
        {parts.map(([label, value]) => (
          <div key={label}>
            <dt>
              <Heading className="text-xs font-semibold uppercase tracking-wide text-sky-900">
                {label}
              </Heading>
            </dt>
            <dd className="mt-1 whitespace-pre-line leading-relaxed">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
