import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FeatureHeader } from "~/components/access/feature-header";
import { CaseHomeScreen, CaseUpgrade } from "~/components/case-studies/case-home";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { PLAN_FEATURES } from "~/lib/plan-features";
import { SITE } from "~/lib/site";
import { caseHomeAction, loadCaseHome } from "~/routes/case-studies.server";

export const meta: MetaFunction = () => [{ title: `Case studies · ${SITE.name}` }];

export const headers: HeadersFunction = () => PRIVATE_PAGE_HEADERS;

/** Visitors go to /login and come back; without Pro, the upgrade view (app/routes/case-studies.server.ts). */
export function loader({ request, context }: LoaderFunctionArgs) {
  return loadCaseHome(request, context);
}

/** Starting or resuming a case (JavaScript on or off). */
export function action({ request, context }: ActionFunctionArgs) {
  return caseHomeAction(request, context);
}

export default function CaseStudies() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <FeatureHeader
        title="Case studies"
        description={`${PLAN_FEATURES.caseStudies.summary} Order tests, treat, decide, and get a scored debrief.`}
      />
      {data.allowed ? (
        <CaseHomeScreen cases={data.cases} error={actionData?.message ?? null} />
      ) : (
        <CaseUpgrade />
      )}
    </>
  );
}
