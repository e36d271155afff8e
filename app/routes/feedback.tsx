import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { FeatureHeader } from "~/components/access/feature-header";
import {
  FeedbackFailed,
  FeedbackScreen,
  FeedbackUpgrade,
} from "~/components/feedback/feedback-screen";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { PLAN_FEATURES } from "~/lib/plan-features";
import { SITE } from "~/lib/site";
import { feedbackAction, loadFeedbackHome } from "~/routes/feedback.server";

export const meta: MetaFunction = () => [{ title: `Mentor feedback · ${SITE.name}` }];

/** Someone's results: never kept by the browser or a proxy. */
export const headers: HeadersFunction = () => PRIVATE_PAGE_HEADERS;

/** Pro: this week's feedback (written on the first visit of the week) and past ones; others: the upgrade view. */
export function loader({ request, context }: LoaderFunctionArgs) {
  return loadFeedbackHome(request, context);
}

/** "Get feedback now" and "Add to my plan" (JavaScript on or off). */
export function action({ request, context }: ActionFunctionArgs) {
  return feedbackAction(request, context);
}

export default function Feedback() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <FeatureHeader title="Mentor feedback" description={PLAN_FEATURES.mentorFeedback.summary} />
      {data.state === "upgrade" ? <FeedbackUpgrade /> : null}
      {data.state === "feedback" ? <FeedbackScreen data={data} /> : null}
      {data.state === "failed" ? <FeedbackFailed /> : null}
    </>
  );
}
