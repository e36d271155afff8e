import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { FeatureHeader } from "~/components/access/feature-header";
import { FeedbackScreen, FeedbackUpgrade } from "~/components/feedback/feedback-screen";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { PLAN_FEATURES } from "~/lib/plan-features";
import { SITE } from "~/lib/site";
import { feedbackAction, loadFeedbackReport } from "~/routes/feedback.server";

export const meta: MetaFunction = () => [{ title: `Mentor feedback · ${SITE.name}` }];

export const headers: HeadersFunction = () => PRIVATE_PAGE_HEADERS;

/** One past report (404 when it is not the learner's). */
export function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadFeedbackReport(request, context, params);
}

export function action({ request, context }: ActionFunctionArgs) {
  return feedbackAction(request, context);
}

export default function FeedbackReportPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <FeatureHeader title="Mentor feedback" description={PLAN_FEATURES.mentorFeedback.summary} />
      {data.state === "upgrade" ? <FeedbackUpgrade /> : <FeedbackScreen data={data} />}
    </>
  );
}
