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

export const meta: MetaFunction = () => [{ title: `Clinical Simulations · ${SITE.name}` }];

export const headers: HeadersFunction = () => PRIVATE_PAGE_HEADERS;

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadAssessmentScreen(request, context, "simulation");
}

/** The steps with JavaScript off (app/routes/assessment-screen.server.ts). */
export function action({ request, context }: ActionFunctionArgs) {
  return assessmentScreenAction(request, context, "simulation");
}

export default function ClinicalSimulations() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <FeatureScreen
      feature="clinicalSimulations"
      featureName="Clinical simulations"
      title="Clinical Simulations"
      description="Work through patient scenarios: history, examination, results, then the decision."
      access={data.access}
    >
      {data.screen && data.past ? (
        <AssessmentScreen
          kind="simulation"
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
