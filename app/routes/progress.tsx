import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { LoadFailed } from "~/components/access/load-failed";
import { useLoaderData } from "@remix-run/react";
import { FeatureHeader } from "~/components/access/feature-header";
import { ProgressUpgrade } from "~/components/progress/progress-upgrade";
import { ExamPicker, ProgressScreen } from "~/components/progress/progress-screen";
import { SITE } from "~/lib/site";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { loadProgressPage } from "~/routes/progress.server";

export const meta: MetaFunction = () => [{ title: `Progress · ${SITE.name}` }];

/** Someone's results: never kept by the browser or a proxy. */
export const headers: HeadersFunction = () => PRIVATE_PAGE_HEADERS;

/** Plus and Pro: the analytics; trial and Starter: the upgrade view; visitors: /login. */
export function loader({ request, context }: LoaderFunctionArgs) {
  return loadProgressPage(request, context);
}

export default function Progress() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <FeatureHeader
        title="Progress"
        description="How you are doing by subject and topic, week by week, and what to study next for your exam."
      >
        {data.view ? <ExamPicker exam={data.view.exam} /> : null}
      </FeatureHeader>
      {data.state === "upgrade" ? <ProgressUpgrade preview={data.preview} /> : null}
      {data.state === "analytics" ? <ProgressScreen view={data.view} /> : null}
      {data.state === "failed" ? (
        <LoadFailed
          id="progress-failed"
          title="Your progress could not be loaded"
          kept="your answers are kept"
          retryHref="/progress"
        />
      ) : null}
    </>
  );
}
