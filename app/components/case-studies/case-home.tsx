import { Form, Link, useNavigation, useSearchParams } from "@remix-run/react";
import { PlanUpgrade } from "~/components/access/plan-upgrade";
import { buttonClasses } from "~/components/ui/button";
import {
  CASE_SPECIALTIES,
  type CaseHomeEntry,
  type CaseSpecialty,
  casePath,
  SETTING_LABELS,
  SPECIALTY_LABELS,
} from "~/lib/case-studies";
import { cn } from "~/lib/cn";

const UPGRADE_POINTS = [
  "42 virtual patients from Indian wards: snake bite, organophosphate poisoning, dengue, TB, eclampsia, and more.",
  "Take the history, examine, order tests with their time and rupee cost, treat: the patient changes as the clock runs.",
  "A scored debrief by domain with the ideal path, the reasoning and references, saved to your progress.",
] as const;

export function CaseUpgrade() {
  return <PlanUpgrade feature="caseStudies" points={UPGRADE_POINTS} />;
}

function isSpecialty(value: string | null): value is CaseSpecialty {
  return CASE_SPECIALTIES.includes(value as CaseSpecialty);
}

/** The cases by specialty, filtered with links (JavaScript on or off). */
export function CaseHomeScreen({ cases, error }: { cases: CaseHomeEntry[]; error: string | null }) {
  const [params] = useSearchParams();
  const chosen = params.get("specialty");
  const filter = isSpecialty(chosen) ? chosen : null;
  const navigation = useNavigation();
  const starting = navigation.state !== "idle" ? navigation.formData?.get("caseId") : null;
  const shown = CASE_SPECIALTIES.filter((s) => !filter || s === filter);
  const active = cases.filter((c) => c.activeAttemptId);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6" data-testid="case-home">
      {error ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {active.length ? (
        <section aria-labelledby="resume-heading" className="mb-8 rounded-xl bg-brand-50 p-4">
          <h2 id="resume-heading" className="text-lg font-semibold text-slate-900">
            Cases in progress
          </h2>
          <ul className="mt-2 space-y-1">
            {active.map((c) => (
              <li key={c.id}>
                <Link
                  className="font-medium text-brand-800 underline"
                  to={casePath(c.activeAttemptId!)}
                >
                  Resume: {c.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <nav aria-label="Filter by specialty" className="mb-6 flex flex-wrap gap-2">
        {[null, ...CASE_SPECIALTIES].map((s) => (
          <Link
            key={s ?? "all"}
            to={s ? `?specialty=${s}` : "."}
            aria-current={s === filter ? "page" : undefined}
            className={cn(
              "rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300",
              s === filter ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-slate-800",
            )}
          >
            {s ? SPECIALTY_LABELS[s] : "All"}
          </Link>
        ))}
      </nav>
      {shown.map((specialty) => {
        const list = cases.filter((c) => c.specialty === specialty);
        if (!list.length) return null;
        return (
          <section key={specialty} aria-labelledby={`sp-${specialty}`} className="mb-8">
            <h2 id={`sp-${specialty}`} className="text-xl font-semibold text-slate-900">
              {SPECIALTY_LABELS[specialty]} <span className="text-slate-500">({list.length})</span>
            </h2>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2">
              {list.map((c) => (
                <li
                  key={c.id}
                  className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                  data-testid="case-card"
                >
                  <h3 className="font-semibold text-slate-900">{c.title}</h3>
                  <p className="mt-1 text-sm text-slate-600">
                    {c.patient.name}, {c.patient.age}, {c.patient.sex}
                  </p>
                  <p className="mt-1 text-sm text-slate-600">
                    {c.subject} · {c.difficulty === "core" ? "Core" : "Advanced"} ·{" "}
                    {SETTING_LABELS[c.setting]}
                  </p>
                  <p className="mt-1 text-sm text-slate-800">
                    {c.bestScore === null
                      ? "Not finished yet"
                      : `Your best: ${c.bestScore} % (${c.finishedCount} finished)`}
                  </p>
                  <Form method="post" className="mt-3">
                    <input type="hidden" name="caseId" value={c.id} />
                    <button
                      type="submit"
                      className={buttonClasses(c.activeAttemptId ? "secondary" : "primary", "sm")}
                      disabled={starting === c.id}
                      aria-label={`${c.activeAttemptId ? "Resume" : "Start"} case: ${c.title}`}
                    >
                      {starting === c.id ? "Opening…" : c.activeAttemptId ? "Resume" : "Start case"}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
