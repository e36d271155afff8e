import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PracticeUpgrade } from "~/components/practice/practice-upgrade";
import { QuestionScreen } from "~/components/practice/question-screen";
import { ResultsView } from "~/components/practice/results-view";
import { SubmitReview } from "~/components/practice/submit-review";
import { buttonClasses } from "~/components/ui/button";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { PRACTICE_MESSAGES } from "~/lib/practice";
import { SITE } from "~/lib/site";
import { loadPracticeTestPage, practiceTestAction } from "~/routes/practice-test.server";

export const meta: MetaFunction = () => [{ title: `Practice test · ${SITE.name}` }];

export const headers: HeadersFunction = () => PRIVATE_PAGE_HEADERS;

export function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadPracticeTestPage(request, context, params.id ?? "");
}

/** Every step of the test, and the results' flashcard, error-log and report forms. */
export function action({ request, context, params }: ActionFunctionArgs) {
  return practiceTestAction(request, context, params.id ?? "");
}

export default function PracticeTest() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  switch (data.screen) {
    case "upgrade":
      return <PracticeUpgrade preview={data.preview} />;
    case "missing":
      return (
        <section
          className="mx-auto w-full max-w-lg px-4 py-16 text-center"
          aria-labelledby="missing"
        >
          <h1 id="missing" className="text-2xl font-bold text-slate-900">
            {PRACTICE_MESSAGES.notFound}
          </h1>
          <p className="mt-3 text-slate-700">
            It may belong to another account, or the address is incomplete.
          </p>
          <Link to="/practice" className={buttonClasses("primary", "lg", "mt-8")}>
            Back to practice tests
          </Link>
        </section>
      );
    case "results":
      return (
        <ResultsView
          results={data.results}
          show={data.show}
          counts={data.counts}
          ranOut={data.ranOut}
        />
      );
    case "submit":
      return (
        <SubmitReview
          test={data.test}
          navigator={data.navigator}
          marking={data.marking}
          now={data.now}
        />
      );
    default:
      return (
        <QuestionScreen
          key={data.view.test.id}
          view={data.view}
          shownAt={data.shownAt}
          error={actionData && "error" in actionData ? actionData.error : null}
        />
      );
  }
}
