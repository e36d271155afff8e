import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { type ShouldRevalidateFunction, useLoaderData } from "@remix-run/react";
import { FeatureHeader } from "~/components/access/feature-header";
import { ExamScreen } from "~/components/mock-exams/exam-screen";
import { MockUpgrade } from "~/components/mock-exams/mock-home";
import { MockResultsView } from "~/components/mock-exams/results-view";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { PLAN_FEATURES } from "~/lib/plan-features";
import { SITE } from "~/lib/site";
import { loadMockExam, mockExamAction } from "~/routes/mock-exam.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const title =
    data?.kind === "sitting"
      ? data.sitting.title
      : data?.kind === "results"
        ? `${data.results.title}: results`
        : "Mock exams";
  return [{ title: `${title} · ${SITE.name}` }];
};

export const headers: HeadersFunction = () => PRIVATE_PAGE_HEADERS;

/** The exam screen, or the results once submitted (app/routes/mock-exam.server.ts). */
export function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadMockExam(request, context, params.id);
}

/** The exam without JavaScript, ending a section, submitting; on the results, cards and reports. */
export function action({ request, context, params }: ActionFunctionArgs) {
  return mockExamAction(request, context, params.id);
}

/**
 * A report or a card made on the results page changes nothing the page
 * shows beyond its own control: the 300-question analysis is not read again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  defaultShouldRevalidate,
}) => {
  const intent = formData?.get("intent");
  if (intent === "report" || intent === "flashcard") return false;
  return defaultShouldRevalidate;
};

export default function MockExam() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "upgrade") {
    return (
      <>
        <FeatureHeader title="Mock exams" description={PLAN_FEATURES.mockExams.summary} />
        <MockUpgrade preview={data.preview} />
      </>
    );
  }
  if (data.kind === "results") {
    return <MockResultsView results={data.results} view={data.view} timedOut={data.timedOut} />;
  }
  return (
    <ExamScreen
      key={data.sitting.id}
      sitting={data.sitting}
      position={data.position}
      confirm={data.confirm}
      notice={data.notice}
    />
  );
}
