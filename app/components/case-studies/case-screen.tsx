import { Link, useFetcher } from "@remix-run/react";
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import {
  CASE_LIMITS,
  type CaseView,
  SETTING_LABELS,
  SPECIALTY_LABELS,
  type Vitals,
} from "~/lib/case-studies";
import { cn } from "~/lib/cn";

type ActionData = { ok: boolean; message: string | null };

/** Tells the screen's live region what just happened. */
const AnnounceContext = createContext<(text: string) => void>(() => {});

const rupees = (n: number) => (n === 0 ? "free" : `₹${n.toLocaleString("en-IN")}`);

/**
 * One action as a real form post: a fetcher with JavaScript (no reload, the
 * page's data revalidates), a plain post and redirect without. When it lands,
 * `announce` is read out and `onDone` runs.
 */
function ActionForm({
  intent,
  children,
  className,
  announce,
  onSubmit,
  onDone,
}: {
  intent: string;
  children: (busy: boolean) => ReactNode;
  className?: string;
  announce?: (message: string | null) => string | null;
  /** Before the post leaves (the form may be gone when it lands). */
  onSubmit?: () => void;
  onDone?: () => void;
}) {
  const fetcher = useFetcher<ActionData>();
  const hydrated = useHydrated();
  const say = useContext(AnnounceContext);
  const busy = fetcher.state !== "idle";
  const last = useRef<ActionData | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data === last.current) return;
    last.current = fetcher.data;
    if (fetcher.data.ok) {
      const text = announce ? announce(fetcher.data.message) : fetcher.data.message;
      if (text) say(text);
      onDone?.();
    } else if (fetcher.data.message) {
      say(fetcher.data.message);
    }
  });
  return (
    <fetcher.Form method="post" className={className} onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={intent} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      {children(busy)}
      {fetcher.data && !fetcher.data.ok && fetcher.data.message ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {fetcher.data.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

function VitalsList({ vitals }: { vitals: Vitals }) {
  const rows: [string, string | number | undefined][] = [
    ["Pulse", `${vitals.pulse}/min`],
    ["BP", `${vitals.bp} mmHg`],
    ["RR", `${vitals.rr}/min`],
    ["SpO₂", `${vitals.spo2} %`],
    ["Temp", `${vitals.temp} °C`],
    ["GCS", vitals.gcs],
    ["Glucose", vitals.glucose === undefined ? undefined : `${vitals.glucose} mg/dL`],
    ["Weight", vitals.weightKg === undefined ? undefined : `${vitals.weightKg} kg`],
  ];
  return (
    <dl
      className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4"
      data-testid="case-vitals"
    >
      {rows.map(([label, value]) =>
        value === undefined ? null : (
          <div key={label} className="flex gap-1">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-semibold text-slate-900">{value}</dd>
          </div>
        ),
      )}
    </dl>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/**
 * A list item that is a button until done, then its text. The learner's own
 * click moves the focus to the text when it arrives, and reads it out.
 */
function RevealItem({
  intent,
  id,
  label,
  detail,
  text,
  tone = "text-slate-800",
  buttonLabel,
  testId,
}: {
  intent: string;
  id: string;
  label: string;
  detail: string;
  text: string | null;
  tone?: string;
  buttonLabel: string;
  testId: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const asked = useRef(false);
  const say = useContext(AnnounceContext);
  useEffect(() => {
    if (!text || !asked.current) return;
    asked.current = false;
    ref.current?.focus();
    say(`${label}: ${text}`);
  }, [text, label, say]);
  return (
    <li className="border-b border-slate-100 py-2 last:border-0" data-testid={testId}>
      {text ? (
        <div
          ref={ref}
          tabIndex={-1}
          className="outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          <p className="text-sm font-medium text-slate-900">{label}</p>
          <p className={cn("mt-1 text-sm", tone)}>{text}</p>
        </div>
      ) : (
        <ActionForm
          intent={intent}
          onSubmit={() => {
            asked.current = true;
          }}
          announce={(message) => message}
          className="flex flex-wrap items-center justify-between gap-2"
        >
          {(busy) => (
            <>
              <span className="text-sm text-slate-900">
                {label} <span className="text-slate-500">({detail})</span>
              </span>
              <input type="hidden" name="id" value={id} />
              <button
                type="submit"
                className={buttonClasses("secondary", "sm")}
                disabled={busy}
                aria-label={`${buttonLabel}: ${label}`}
              >
                {busy ? "…" : buttonLabel}
              </button>
            </>
          )}
        </ActionForm>
      )}
    </li>
  );
}

function HistorySection({ view }: { view: CaseView }) {
  const input = useRef<HTMLInputElement>(null);
  const answers = useRef<HTMLOListElement>(null);
  return (
    <Section id="history" title="History">
      <ul>
        {view.history.map((h) => (
          <RevealItem
            key={h.id}
            intent="history"
            id={h.id}
            label={h.question}
            detail={`${h.minutes} min`}
            buttonLabel="Ask"
            testId="history-item"
            text={h.answer ? `“${h.answer}”` : null}
          />
        ))}
      </ul>
      <h3 className="mt-4 font-semibold text-slate-900">Ask in your own words</h3>
      {view.freeText.length ? (
        <ol
          ref={answers}
          tabIndex={-1}
          className="mt-2 space-y-2 outline-none"
          data-testid="free-text"
        >
          {view.freeText.map((q) => (
            <li key={`${q.at}-${q.question}`} className="text-sm">
              <p className="font-medium text-slate-900">You: {q.question}</p>
              <p className="text-slate-800">Patient: “{q.answer}”</p>
            </li>
          ))}
        </ol>
      ) : null}
      {view.freeTextLeft > 0 ? (
        <ActionForm
          intent="ask"
          className="mt-2"
          announce={(message) => (message ? `Patient: ${message}` : null)}
          onDone={() => {
            if (input.current) input.current.value = "";
            input.current?.focus();
          }}
        >
          {(busy) => (
            <div className="flex flex-col gap-2 sm:flex-row">
              <label htmlFor="free-question" className="sr-only">
                Your question to the patient
              </label>
              <input
                ref={input}
                id="free-question"
                name="question"
                required
                minLength={2}
                maxLength={CASE_LIMITS.freeTextLength}
                placeholder="e.g. Has this happened before?"
                className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
              />
              <button type="submit" className={buttonClasses("primary", "sm")} disabled={busy}>
                {busy ? "Asking…" : "Ask"}
              </button>
            </div>
          )}
        </ActionForm>
      ) : null}
      <p className="mt-1 text-xs text-slate-600">
        {view.freeTextLeft} of {CASE_LIMITS.freeTextQuestions} free-text questions left.
      </p>
    </Section>
  );
}

function ExaminationSection({ view }: { view: CaseView }) {
  return (
    <Section id="examination" title="Examination">
      <ul>
        {view.examination.map((e) => (
          <RevealItem
            key={e.id}
            intent="exam"
            id={e.id}
            label={`${e.system}: ${e.label}`}
            detail={`${e.minutes} min`}
            buttonLabel="Examine"
            testId="exam-item"
            text={e.finding}
          />
        ))}
      </ul>
    </Section>
  );
}

function WaitForm({ until, label }: { until: number; label: string }) {
  return (
    <ActionForm intent="wait" announce={() => `Minute ${until}.`}>
      {(busy) => (
        <>
          <input type="hidden" name="until" value={until} />
          <button type="submit" className={buttonClasses("secondary", "sm")} disabled={busy}>
            {label}
          </button>
        </>
      )}
    </ActionForm>
  );
}

function InvestigationsSection({ view }: { view: CaseView }) {
  const say = useContext(AnnounceContext);
  const ready = view.investigations.filter((i) => i.state === "ready");
  const seen = useRef<Set<string> | null>(null);
  const readyKey = ready.map((i) => i.id).join(" ");
  useEffect(() => {
    // Results that came in since the last render (time passed): read them out.
    const arrived = ready.filter((i) => seen.current && !seen.current.has(i.id));
    seen.current = new Set(ready.map((i) => i.id));
    if (arrived.length) say(arrived.map((i) => `Result, ${i.name}: ${i.result}`).join(" "));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readyKey]);
  return (
    <Section id="investigations" title="Investigations">
      <p className="text-sm text-slate-700">
        Ordering takes {CASE_LIMITS.orderMinutes} minute; results arrive after their turnaround
        while you carry on. Costs are for a {SETTING_LABELS[view.setting].toLowerCase()}.
      </p>
      <ul className="mt-2">
        {view.investigations.map((i) => {
          const [text, tone] =
            i.state === "not-ordered"
              ? [null, undefined]
              : i.state === "unavailable"
                ? ["Not available here.", "text-amber-800"]
                : i.state === "pending"
                  ? [`Pending, due at minute ${i.dueAt}.`, "text-slate-700"]
                  : [i.result, undefined];
          return (
            <RevealItem
              key={i.id}
              intent="order"
              id={i.id}
              label={i.name}
              detail={`${rupees(i.rupees)}, result in ${i.turnaround} min`}
              buttonLabel="Order"
              testId="investigation-item"
              text={text}
              tone={tone}
            />
          );
        })}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        {view.nextResultAt !== null ? (
          <WaitForm
            until={view.nextResultAt}
            label={`Wait for the next result (minute ${view.nextResultAt})`}
          />
        ) : null}
        <WaitForm until={view.clock + 10} label="Wait 10 minutes" />
      </div>
    </Section>
  );
}

function ManagementSection({ view }: { view: CaseView }) {
  return (
    <Section id="management" title="Management">
      <ul>
        {view.management.map((m) => (
          <RevealItem
            key={m.id}
            intent="treat"
            id={m.id}
            label={m.action}
            detail={`${m.minutes} min`}
            buttonLabel="Do"
            testId="management-item"
            text={m.givenAt === null ? null : `Done at minute ${m.givenAt}.`}
          />
        ))}
      </ul>
    </Section>
  );
}

function DiagnosisSection({ view }: { view: CaseView }) {
  const label = (id: string | null) => view.differentials.find((d) => d.id === id)?.label;
  return (
    <Section id="diagnosis" title="Diagnosis and disposition">
      <ActionForm intent="differential" announce={() => "Differential saved."}>
        {(busy) => (
          <fieldset>
            <legend className="font-semibold text-slate-900">
              Differential diagnosis (up to {CASE_LIMITS.differential})
            </legend>
            {view.differentials.map((d) => (
              <label key={d.id} className="mt-1 flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name="ids"
                  value={d.id}
                  defaultChecked={view.differential.includes(d.id)}
                />
                {d.label}
              </label>
            ))}
            <button
              type="submit"
              className={cn(buttonClasses("secondary", "sm"), "mt-2")}
              disabled={busy}
            >
              Save differential
            </button>
          </fieldset>
        )}
      </ActionForm>
      <ActionForm intent="diagnosis" className="mt-4" announce={() => "Final diagnosis saved."}>
        {(busy) => (
          <fieldset>
            <legend className="font-semibold text-slate-900">Final diagnosis</legend>
            {view.differentials.map((d) => (
              <label key={d.id} className="mt-1 flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="id"
                  value={d.id}
                  required
                  defaultChecked={view.diagnosis === d.id}
                />
                {d.label}
              </label>
            ))}
            <button
              type="submit"
              className={cn(buttonClasses("secondary", "sm"), "mt-2")}
              disabled={busy}
            >
              Save final diagnosis
            </button>
          </fieldset>
        )}
      </ActionForm>
      <ActionForm intent="disposition" className="mt-4" announce={() => "Disposition saved."}>
        {(busy) => (
          <fieldset>
            <legend className="font-semibold text-slate-900">Disposition</legend>
            {view.dispositionOptions.map((o) => (
              <label key={o.id} className="mt-1 flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="id"
                  value={o.id}
                  required
                  defaultChecked={view.disposition === o.id}
                />
                {o.label}
              </label>
            ))}
            <button
              type="submit"
              className={cn(buttonClasses("secondary", "sm"), "mt-2")}
              disabled={busy}
            >
              Save disposition
            </button>
          </fieldset>
        )}
      </ActionForm>
      <div className="mt-5 rounded-lg bg-slate-50 p-3 text-sm" data-testid="case-choices">
        <p>Final diagnosis: {label(view.diagnosis) ?? "not chosen yet"}</p>
        <p>
          Disposition:{" "}
          {view.dispositionOptions.find((o) => o.id === view.disposition)?.label ??
            "not chosen yet"}
        </p>
      </div>
      <ActionForm intent="finish" className="mt-4">
        {(busy) => (
          <button type="submit" className={buttonClasses("primary", "md")} disabled={busy}>
            {busy ? "Scoring…" : "Finish and see the debrief"}
          </button>
        )}
      </ActionForm>
    </Section>
  );
}

const NAV = [
  ["history", "History"],
  ["examination", "Examination"],
  ["investigations", "Investigations"],
  ["management", "Management"],
  ["diagnosis", "Diagnosis & disposition"],
] as const;

/** A running case: the patient panel, the five sections, and the timeline. */
export function CaseScreen({ view, error }: { view: CaseView; error: string | null }) {
  const [announcement, setAnnouncement] = useState("");
  return (
    <AnnounceContext.Provider value={setAnnouncement}>
      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6" data-testid="case-screen">
        <p className="text-sm">
          <Link to="/case-studies" className="text-brand-800 underline">
            All case studies
          </Link>
        </p>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">{view.title}</h1>
        {error ? (
          <p role="alert" className="mt-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <p className="text-sm text-slate-600">
          {SPECIALTY_LABELS[view.specialty]} · {view.subject} · {SETTING_LABELS[view.setting]}
        </p>
        <div className="mt-4 grid gap-6 lg:grid-cols-[20rem_1fr]">
          <aside
            aria-labelledby="patient-heading"
            className="self-start rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:sticky lg:top-4"
            data-testid="patient-panel"
          >
            <h2 id="patient-heading" className="font-semibold text-slate-900">
              {view.patient.name}, {view.patient.age}, {view.patient.sex}
            </h2>
            <p className="mt-1 text-sm text-slate-700">{view.patient.summary}</p>
            <p className="mt-2 text-sm text-slate-900">{view.presentingComplaint}</p>
            <p className="mt-3 text-lg font-bold text-slate-900" data-testid="case-clock">
              Minute {view.clock}
            </p>
            <p className="text-sm text-slate-700">Tests so far: {rupees(view.rupeesSpent)}</p>
            <div className="mt-2">
              <VitalsList vitals={view.vitals} />
            </div>
            <div role="alert" data-testid="deterioration">
              {view.deterioration ? (
                <p className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900">
                  <strong>Minute {view.deterioration.at}: the patient is deteriorating.</strong>{" "}
                  {view.deterioration.text}
                </p>
              ) : null}
            </div>
            <p aria-live="polite" className="sr-only" data-testid="case-announcer">
              {announcement}
            </p>
            <nav aria-label="Case sections" className="mt-4">
              <ul className="flex flex-wrap gap-2 text-sm lg:flex-col">
                {NAV.map(([id, label]) => (
                  <li key={id}>
                    <a href={`#${id}`} className="text-brand-800 underline">
                      {label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          </aside>
          <div className="space-y-6">
            <HistorySection view={view} />
            <ExaminationSection view={view} />
            <InvestigationsSection view={view} />
            <ManagementSection view={view} />
            <DiagnosisSection view={view} />
            <Section id="timeline" title="Timeline">
              {view.timeline.length ? (
                <ol className="space-y-1 text-sm" data-testid="case-timeline">
                  {view.timeline.map((entry, index) => (
                    <li key={index}>
                      <span className="font-mono text-slate-600">
                        {entry.at === entry.until ? `${entry.at}` : `${entry.at}–${entry.until}`}
                      </span>{" "}
                      {entry.text}
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="text-sm text-slate-700">Nothing done yet: start with the history.</p>
              )}
            </Section>
          </div>
        </div>
      </div>
    </AnnounceContext.Provider>
  );
}
