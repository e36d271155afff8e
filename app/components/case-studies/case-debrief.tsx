import { Link } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { type CaseDebrief, type CaseView, DOMAIN_LABELS } from "~/lib/case-studies";

type Item = { id: string; label: string; why?: string; rupees?: number };

function Items({ title, items, empty }: { title: string; items: Item[]; empty?: string }) {
  if (!items.length && !empty) return null;
  return (
    <div className="mt-3">
      <h4 className="text-sm font-semibold text-slate-900">{title}</h4>
      {items.length ? (
        <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-800">
          {items.map((item) => (
            <li key={item.id}>
              {item.label}
              {item.rupees ? ` (₹${item.rupees.toLocaleString("en-IN")})` : ""}
              {item.why ? <span className="text-slate-600">: {item.why}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-600">{empty}</p>
      )}
    </div>
  );
}

function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id={id} className="font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The finished case: the score by domain, what was right and wrong and why, the ideal path. */
export function CaseDebriefView({ view, debrief }: { view: CaseView; debrief: CaseDebrief }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const points = (domain: string) => {
    const d = debrief.domains.find((entry) => entry.domain === domain)!;
    return `${d.points} of ${d.max}`;
  };
  const { investigations: inv, management: mgmt, diagnosis: dx, time } = debrief;
  return (
    <div
      className="mx-auto max-w-4xl space-y-6 px-4 py-6 sm:px-6"
      data-testid="case-debrief"
      id="debrief"
    >
      <p className="text-sm">
        <Link to="/case-studies" className="text-brand-800 underline">
          All case studies
        </Link>
      </p>
      <header>
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900 outline-none">
          Debrief: {view.title}
        </h1>
        <p className="mt-2 text-3xl font-bold text-brand-800" data-testid="case-score">
          {debrief.score} %
        </p>
        <p className="text-sm text-slate-700">
          Finished at case minute {time.finishedAtMinute}; tests cost ₹
          {inv.rupeesSpent.toLocaleString("en-IN")}.
        </p>
      </header>
      <table className="w-full text-left text-sm" data-testid="case-domains">
        <caption className="sr-only">Points by domain</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-1">
              Domain
            </th>
            <th scope="col" className="py-1 text-right">
              Points
            </th>
          </tr>
        </thead>
        <tbody>
          {debrief.domains.map((d) => (
            <tr key={d.domain} className="border-b border-slate-100">
              <th scope="row" className="py-1 font-medium">
                {DOMAIN_LABELS[d.domain]}
              </th>
              <td className="py-1 text-right">
                {d.points} / {d.max}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <Block id="db-history" title={`History (${points("history")})`}>
        <Items
          title="Essential questions you did not ask"
          items={debrief.history.missedEssential}
          empty="None: every essential question asked."
        />
      </Block>
      <Block id="db-exam" title={`Examination (${points("examination")})`}>
        <Items
          title="Essential examinations you did not do"
          items={debrief.examination.missedEssential}
          empty="None: every essential examination done."
        />
      </Block>
      <Block id="db-inv" title={`Investigations (${points("investigations")})`}>
        <Items title="Necessary, ordered" items={inv.necessaryOrdered} />
        <Items title="Necessary, missed" items={inv.necessaryMissed} empty="None missed." />
        <Items title="Useful, ordered" items={inv.usefulOrdered} />
        <Items
          title="Wasteful, ordered"
          items={inv.wastefulOrdered}
          empty="None: no wasted tests."
        />
        {inv.wastefulRupees ? (
          <p className="mt-2 text-sm text-slate-800">
            Wasteful tests cost ₹{inv.wastefulRupees.toLocaleString("en-IN")}.
          </p>
        ) : null}
      </Block>
      <Block id="db-dx" title={`Diagnosis (${points("diagnosis")})`}>
        <p className="mt-2 text-sm">
          Your final diagnosis: {dx.final?.label ?? "none"} —{" "}
          <strong>{dx.finalCorrect ? "correct" : `the diagnosis is ${dx.correct.label}`}</strong>.
        </p>
        <p className="text-sm">
          Your differential: {dx.differential.map((d) => d.label).join("; ") || "none"} (
          {dx.inDifferential ? "includes the diagnosis" : "does not include the diagnosis"}).
        </p>
        <p className="mt-2 text-sm text-slate-800">{dx.reasoning}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
          {dx.candidates.map((c) => (
            <li key={c.id}>
              <strong>{c.label}</strong>: {c.fits}
            </li>
          ))}
        </ul>
      </Block>
      <Block id="db-mgmt" title={`Management (${points("management")})`}>
        <Items title="Essential, done" items={mgmt.essentialGiven} />
        <Items title="Essential, missed" items={mgmt.essentialMissed} empty="None missed." />
        <Items title="Appropriate, done" items={mgmt.appropriateGiven} />
        <Items
          title="Harmful, done"
          items={mgmt.harmfulGiven}
          empty="None: nothing harmful given."
        />
        <Items title="Unnecessary, done" items={mgmt.unnecessaryGiven} />
      </Block>
      <Block id="db-disp" title={`Disposition (${points("disposition")})`}>
        <p className="mt-2 text-sm">
          You chose: {debrief.disposition.chosen?.label ?? "none"}. Best:{" "}
          {debrief.disposition.correct.label}.
        </p>
        <p className="mt-1 text-sm text-slate-800">{debrief.disposition.why}</p>
      </Block>
      <Block id="db-time" title={`Time (${points("time")})`}>
        <p className="mt-2 text-sm">
          {time.deteriorated
            ? `The patient deteriorated at minute ${time.deterioratedAt}: the critical actions were not all done within ${time.limit} minutes.`
            : `The critical actions were done within ${time.limit} minutes: the patient did not deteriorate.`}
        </p>
        <ul className="mt-1 list-disc pl-5 text-sm">
          {time.criticalActions.map((c) => (
            <li key={c.id}>
              {c.label}: {c.doneAt === null ? "not done" : `done by minute ${c.doneAt}`}
            </li>
          ))}
        </ul>
      </Block>
      <Block id="db-ideal" title="The ideal path">
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
          {debrief.idealPath.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </Block>
      <Block id="db-teach" title="Teaching points">
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
          {debrief.teachingPoints.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <h4 className="mt-3 text-sm font-semibold">References</h4>
        <ul className="mt-1 list-disc pl-5 text-sm">
          {debrief.references.map((ref) => (
            <li key={ref}>{ref}</li>
          ))}
        </ul>
      </Block>
    </div>
  );
}
