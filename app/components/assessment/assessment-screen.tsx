import type { SubmissionResult } from "@conform-to/react";
import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useState } from "react";
import { LimitBanner } from "~/components/access/limit-banner";
import { Button, buttonClasses } from "~/components/ui/button";
import type { AssessmentKind } from "~/lib/assessments";
import type { FeatureScreenAccess } from "~/lib/feature-screen";
import type { AssessmentScreenView, PastAttempt } from "~/lib/assessment-screen";
import { CreateCard } from "./create-card";
import { GenerationProgress } from "./generation-progress";
import { PastAttempts } from "./past-attempts";
import { QuestionStep } from "./question-step";
import { ResultsView } from "./results-view";
import { KIND_TEXT } from "./texts";
import { useAssessment } from "./use-assessment";

function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-4 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
    />
  );
}

function Notice({
  title,
  message,
  backHref,
}: {
  title: string;
  message?: string;
  backHref: string;
}) {
  return (
    <section role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-950">
      <h2 className="text-lg font-semibold">{title}</h2>
      {message ? <p className="mt-1">{message}</p> : null}
      <Link to={backHref} className={buttonClasses("secondary", "md", "mt-4")}>
        Back
      </Link>
    </section>
  );
}

/**
 * The quiz or simulation screen below the feature header: setup (the create
 * card and past attempts), then generating and taking, then the results.
 * With JavaScript the steps happen in place against the JSON API; without
 * it, and for an attempt opened from the list, each step is a page.
 */
/** How often the waiting page reloads itself with JavaScript off. */
const NO_SCRIPT_REFRESH_SECONDS = 3;

export function AssessmentScreen({
  kind,
  access,
  screen,
  past,
  startKey,
  lastResult,
  answerError,
}: {
  kind: AssessmentKind;
  access: FeatureScreenAccess;
  screen: AssessmentScreenView;
  past: { attempts: PastAttempt[]; total: number };
  startKey: string;
  lastResult: SubmissionResult<string[]> | null;
  /** The no-JavaScript answer post's refusal. */
  answerError: string | null;
}) {
  const assessment = useAssessment(kind);
  const { state } = assessment;
  const [formKey, setFormKey] = useState(0);
  const location = useLocation();
  const navigate = useNavigate();
  const text = KIND_TEXT[kind];
  const page = location.pathname;

  const back = () => {
    assessment.reset();
    setFormKey((key) => key + 1);
    if (location.search) navigate(page, { replace: false });
  };

  let content;
  if (state.phase === "taking") {
    const item = state.items[state.index] ?? null;
    const pending = state.generating ? (
      <p
        role="status"
        className="flex items-center gap-3 rounded-xl bg-slate-50 px-4 py-6 text-slate-700"
      >
        <Spinner />
        {state.generated === 0
          ? text.generating
          : `Generating the next ${text.item.toLowerCase()}…`}
      </p>
    ) : (
      <div role="status" className="space-y-4 rounded-xl bg-slate-50 px-4 py-5 text-slate-800">
        <p>
          {state.interrupted
            ? `Only ${state.items.length} of ${state.requested} ${text.items} arrived before the connection was lost.`
            : (state.shortfall ?? `No more ${text.items} could be generated.`)}
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          {state.interrupted ? <Button onClick={assessment.resume}>Try again</Button> : null}
          <Button
            variant={state.interrupted ? "secondary" : "primary"}
            onClick={assessment.finish}
            disabled={state.finishing}
          >
            {kind === "quiz" ? "Finish Quiz" : "Finish Simulation"}
          </Button>
        </div>
      </div>
    );
    const showProgress = state.generating || state.interrupted;
    content = (
      <QuestionStep
        kind={kind}
        topic={state.topic}
        index={state.index}
        total={state.requested}
        item={item}
        choice={state.answers[state.index] ?? null}
        isLast={assessment.isLast}
        pending={pending}
        controls={{
          type: "client",
          onChoose: assessment.choose,
          onNext: assessment.next,
          onPrevious: state.index > 0 ? assessment.previous : null,
          busy: state.finishing,
        }}
      >
        {showProgress ? (
          <GenerationProgress
            kind={kind}
            generated={state.generated}
            requested={state.requested}
            generating={state.generating}
          />
        ) : state.shortfall ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
            {state.shortfall}
          </p>
        ) : null}
      </QuestionStep>
    );
  } else if (state.phase === "results") {
    const { attempt } = state;
    content = (
      <ResultsView
        kind={kind}
        attemptId={attempt.id}
        topic={attempt.topic}
        score={attempt.score}
        total={attempt.itemCount}
        percentage={attempt.percentage}
        shortfall={attempt.shortfall}
        items={attempt.items}
        controls={{
          type: "client",
          onRetake: () => assessment.retake(attempt.id),
          onRetest: () => assessment.retest(attempt.id),
          onBack: back,
        }}
      />
    );
  } else if (screen.view === "question") {
    const { attempt, index } = screen;
    content = (
      <QuestionStep
        kind={kind}
        topic={attempt.topic}
        index={index}
        total={attempt.requestedCount}
        item={screen.item}
        choice={screen.choice}
        isLast={screen.isLast}
        error={answerError}
        controls={{
          type: "server",
          attemptId: attempt.id,
          previousHref:
            index > 0
              ? `${page}?${new URLSearchParams({ attempt: attempt.id, q: String(index - 1) })}`
              : null,
        }}
        pending={
          <div role="status" className="space-y-3 rounded-xl bg-slate-50 px-4 py-5 text-slate-700">
            {/* Without JavaScript the page looks again by itself every few seconds. */}
            <noscript>
              <meta httpEquiv="refresh" content={String(NO_SCRIPT_REFRESH_SECONDS)} />
            </noscript>
            <p>{`Generating the next ${text.item.toLowerCase()}…`}</p>
            <Link
              to={`${location.pathname}${location.search}`}
              className={buttonClasses("secondary")}
            >
              Check again
            </Link>
          </div>
        }
      >
        {attempt.status === "generating" ? (
          <GenerationProgress
            kind={kind}
            generated={attempt.itemCount}
            requested={attempt.requestedCount}
            generating={false}
          />
        ) : attempt.shortfall ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
            {attempt.shortfall}
          </p>
        ) : null}
      </QuestionStep>
    );
  } else if (screen.view === "results") {
    const { attempt, results } = screen;
    content = (
      <ResultsView
        kind={kind}
        attemptId={attempt.id}
        topic={attempt.topic}
        score={results.score}
        total={results.total}
        percentage={results.percentage}
        shortfall={attempt.shortfall}
        items={results.items}
        controls={{ type: "server", backHref: page }}
      />
    );
  } else if (screen.view === "failed" || screen.view === "missing") {
    content = <Notice title={screen.message} backHref={page} />;
  } else {
    const refusal = assessment.refusal;
    content = (
      <>
        {refusal && access.state !== "limit-reached" ? (
          refusal.reason === "limit" ? (
            <LimitBanner message={refusal.message} title={refusal.title} urgent />
          ) : (
            <div
              role="alert"
              className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-950"
            >
              <p className="font-semibold">{refusal.title}</p>
              <p className="mt-1 text-sm">{refusal.message}</p>
              <Link to="/plans" className={buttonClasses("primary", "md", "mt-3")}>
                Choose Plan
              </Link>
            </div>
          )
        ) : null}
        <CreateCard
          kind={kind}
          startKey={startKey}
          showForm={screen.showForm || Boolean(lastResult?.error)}
          lastResult={lastResult}
          onStart={assessment.start}
          formKey={formKey}
        />
        <PastAttempts kind={kind} attempts={past.attempts} total={past.total} />
      </>
    );
  }

  return <div className="mx-auto w-full max-w-3xl space-y-8 px-4 py-8 sm:px-6">{content}</div>;
}
