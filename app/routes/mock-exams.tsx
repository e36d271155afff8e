import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FeatureHeader } from "~/components/access/feature-header";
import { MockHomeScreen, MockUpgrade } from "~/components/mock-exams/mock-home";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { PLAN_FEATURES } from "~/lib/plan-features";
import { SITE } from "~/lib/site";
import { loadMockHome, mockHomeAction } from "~/routes/mock-exams.server";

export const meta: MetaFunction = () => [{ title: `Mock exams · ${SITE.name}` }];

export const headers: HeadersFunction = () => PRIVATE_PAGE_HEADERS;

/** Visitors go to /login and come back; without Pro, the upgrade view (app/routes/mock-exams.server.ts). */
export function loader({ request, context }: LoaderFunctionArgs) {
  return loadMockHome(request, context);
}

/** Starting a mock (JavaScript on or off). */
export function action({ request, context }: ActionFunctionArgs) {
  return mockHomeAction(request, context);
}

export default function MockExams() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <FeatureHeader
        title="Mock exams"
        description={`${PLAN_FEATURES.mockExams.summary} Half and quarter mini mocks too, with an analysis of every paper.`}
      />
      {data.allowed && data.home ? (
        <MockHomeScreen
          home={data.home}
          lastResult={actionData && "result" in actionData ? actionData.result : null}
        />
      ) : (
        <MockUpgrade preview={data.preview} />
      )}
    </>
  );
}
