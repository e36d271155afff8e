import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FeatureHeader } from "~/components/access/feature-header";
import { CaseUpgrade } from "~/components/case-studies/case-home";
import { CaseDebriefView } from "~/components/case-studies/case-debrief";
import { CaseScreen } from "~/components/case-studies/case-screen";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { PLAN_FEATURES } from "~/lib/plan-features";
import { SITE } from "~/lib/site";
import { caseStudyAction, loadCaseStudy } from "~/routes/case-study.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const title = data && data.kind !== "upgrade" ? data.view.title : "Case studies";
  return [{ title: `${title} · ${SITE.name}` }];
};

export const headers: HeadersFunction = () => PRIVATE_PAGE_HEADERS;

/** A running case, or its debrief once finished (app/routes/case-study.server.ts). */
export function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadCaseStudy(request, context, params.id);
}

/** Every step of the case, as a form post (JavaScript on or off). */
export function action({ request, context, params }: ActionFunctionArgs) {
  return caseStudyAction(request, context, params.id);
}

export default function CaseStudy() {
  const data = useLoaderData<typeof loader>();
  // A refusal of a form posted without JavaScript (with it, each form shows its own).
  const refused = useActionData<typeof action>();
  if (data.kind === "upgrade") {
    return (
      <>
        <FeatureHeader title="Case studies" description={PLAN_FEATURES.caseStudies.summary} />
        <CaseUpgrade />
      </>
    );
  }
  if (data.kind === "debrief") return <CaseDebriefView view={data.view} debrief={data.debrief} />;
  return (
    <CaseScreen
      key={data.view.attemptId}
      view={data.view}
      error={refused && !refused.ok ? refused.message : null}
    />
  );
}
