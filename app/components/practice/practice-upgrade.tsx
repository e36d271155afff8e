import { FeatureHeader } from "~/components/access/feature-header";
import { PlanUpgrade } from "~/components/access/plan-upgrade";
import { PLAN_FEATURES } from "~/lib/plan-features";
import type { PoolPreview } from "~/lib/practice";

const POINTS = [
  "Build a test from the question pool by subject and topic, difficulty, and what you have not seen, got wrong or marked for review.",
  "Tutor mode explains every answer as you go; timed mode runs at exam pace (63 s a question for NEET-PG) with a countdown that survives a reload.",
  "Scores with NEET-PG, INI-CET, FMGE or university marking, with accuracy by subject and topic and your time on each question.",
  "Turn a wrong answer into a flashcard, and tag why you missed it for your error log.",
  "Ready-made sets: high-yield in 20 minutes, your weak topics, yesterday's mistakes and one per subject.",
] as const;

const number = (value: number) => value.toLocaleString("en-IN");

/** The practice pages for a learner whose plan does not include them: what they do, from their own data. */
export function PracticeUpgrade({ preview }: { preview: PoolPreview }) {
  const seen = preview.pool - preview.unseen;
  return (
    <>
      <FeatureHeader title="Practice tests" description={PLAN_FEATURES.practiceTests.summary} />
      <PlanUpgrade
        feature="practiceTests"
        points={POINTS}
        preview={
          <div
            className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-slate-800"
            data-testid="practice-preview"
          >
            <h3 className="font-semibold text-slate-900">From your own answers</h3>
            <p className="mt-1">
              {seen === 0
                ? `You have not answered any of the pool's ${number(preview.pool)} questions yet: every one of them is unseen, ready for your first test.`
                : `Of the pool's ${number(preview.pool)} questions you have not seen ${number(preview.unseen)}.`}
              {preview.incorrect > 0
                ? ` ${number(preview.incorrect)} ${preview.incorrect === 1 ? "question you got" : "questions you got"} wrong the last time ${preview.incorrect === 1 ? "is" : "are"} waiting for a retest.`
                : ""}
            </p>
          </div>
        }
      />
    </>
  );
}
