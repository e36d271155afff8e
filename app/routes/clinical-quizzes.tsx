import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FeatureScreen } from "~/components/access/feature-screen";
import { AssessmentScreen } from "~/components/assessment/assessment-screen";
import { SITE } from "~/lib/site";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { assessmentScreenAction, loadAssessmentScreen } from "~/routes/assessment-screen.server";

export const meta: MetaFunction = () => [{ title: `Clinical Quizzes · ${SITE.name}` }];

export const headers: HeadersFunction = () => PRIVATE_PAGE_HEADERS;

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadAssessmentScreen(request, context, "quiz");
}

/** The steps with JavaScript off (app/routes/assessment-screen.server.ts). */
export function action({ request, context }: ActionFunctionArgs) {
  return assessmentScreenAction(request, context, "quiz");
}

export default function ClinicalQuizzes() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <FeatureScreen
      feature="clinicalQuizzes"
      featureName="Clinical quizzes"
      title="Clinical Quizzes"
      description="Generate a multiple-choice quiz on any topic, take it and see every answer explained."
      access={data.access}
    >
      {data.screen && data.past ? (
        <AssessmentScreen
          kind="quiz"
          access={data.access}
          screen={data.screen}
          past={data.past}
          startKey={data.startKey}
          lastResult={actionData && "result" in actionData ? actionData.result : null}
          answerError={actionData && "error" in actionData ? actionData.error : null}
        />
      ) : null}
    </FeatureScreen>
  );
}
