import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FeatureHeader } from "~/components/access/feature-header";
import { PlanUpgrade } from "~/components/access/plan-upgrade";
import { PlanPreviewWeek } from "~/components/planner/plan-preview";
import { PlanScreenView, SETTINGS_ANCHOR } from "~/components/planner/planner-screen";
import { PlanSettingsForm } from "~/components/planner/settings-form";
import { buttonClasses } from "~/components/ui/button";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { PLANNER_CALENDAR_PATH, PLANNER_PATH, STUDY_PLAN_MESSAGES } from "~/lib/study-plan";
import { SITE } from "~/lib/site";
import { loadPlannerPage, plannerAction } from "~/routes/planner.server";

export const meta: MetaFunction = () => [{ title: `Study planner · ${SITE.name}` }];

/** Someone's plan: never kept by the browser or a proxy. */
export const headers: HeadersFunction = () => PRIVATE_PAGE_HEADERS;

/** Visitors go to /login and come back; learners without Plus see the upgrade view. */
export function loader({ request, context }: LoaderFunctionArgs) {
  return loadPlannerPage(request, context);
}

/** Settings and ticks, as form posts (JavaScript on or off). */
export function action({ request, context }: ActionFunctionArgs) {
  return plannerAction(request, context);
}

const DESCRIPTION =
  "A day-by-day plan to your exam: subjects by exam weight and your weak spots, flashcard reviews, practice tests, a weekly timed paper and revision at the end. Missed days rebalance the rest.";

const UPGRADE_POINTS = [
  "Every day to your exam laid out: NEET-PG, INI-CET, FMGE or a university exam, in the hours you have.",
  "More time for your weak subjects, from your own answers; the last weeks for revising what you got wrong.",
  "Each task opens the right screen ready to go: a practice test on a topic, your due flashcards, a timed paper.",
  "Miss a day and the plan rebalances itself, and tells you what moved. Export it to your calendar.",
];

export default function Planner() {
  const { screen } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && "result" in actionData ? actionData.result : null;

  if (screen.state === "upgrade") {
    return (
      <>
        <FeatureHeader title="Study planner" description={DESCRIPTION} />
        <PlanUpgrade
          feature="studyPlanner"
          points={UPGRADE_POINTS}
          preview={screen.preview ? <PlanPreviewWeek preview={screen.preview} /> : null}
        />
      </>
    );
  }

  if (screen.state === "failed") {
    return (
      <>
        <FeatureHeader title="Study planner" description={DESCRIPTION} />
        <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
          <div
            role="alert"
            className="rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900"
          >
            <p className="font-semibold">{STUDY_PLAN_MESSAGES.loadFailed}</p>
            <a href={PLANNER_PATH} className={buttonClasses("secondary", "sm", "mt-3")}>
              Reload
            </a>
          </div>
        </div>
      </>
    );
  }

  return (
    <>
      <FeatureHeader title="Study planner" description={DESCRIPTION}>
        {screen.state === "plan" ? (
          <div className="mt-5 flex flex-wrap gap-3">
            <a
              href={PLANNER_CALENDAR_PATH}
              download="medmentor-study-plan.ics"
              className={buttonClasses("secondary", "sm")}
            >
              Add to calendar (.ics)
            </a>
            <a href={`#${SETTINGS_ANCHOR}`} className={buttonClasses("ghost", "sm")}>
              Change your plan
            </a>
          </div>
        ) : null}
      </FeatureHeader>
      {screen.state === "setup" ? (
        <section
          aria-labelledby="setup-heading"
          className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6"
        >
          <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
            <h2 id="setup-heading" className="text-xl font-bold text-slate-900">
              Set up your plan
            </h2>
            <p className="mt-2 text-slate-700">
              Tell the planner your exam, its date and the time you have. It lays out every day
              until then, and you tick tasks off as you go.
            </p>
            <div className="mt-6">
              <PlanSettingsForm
                today={screen.today}
                settings={null}
                lastResult={lastResult}
                rebuild={false}
              />
            </div>
          </div>
        </section>
      ) : (
        <PlanScreenView screen={screen} lastResult={lastResult} />
      )}
    </>
  );
}
