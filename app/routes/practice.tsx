import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { FeatureHeader } from "~/components/access/feature-header";
import { PastTests } from "~/components/practice/past-tests";
import { PracticeUpgrade } from "~/components/practice/practice-upgrade";
import { ReadySetsSection } from "~/components/practice/ready-sets";
import { TestBuilder } from "~/components/practice/test-builder";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { SITE } from "~/lib/site";
import { loadPracticePage, practicePageAction } from "~/routes/practice.server";

export const meta: MetaFunction = () => [{ title: `Practice tests · ${SITE.name}` }];

export const headers: HeadersFunction = () => PRIVATE_PAGE_HEADERS;

/** Visitors go to /login and come back; learners without Plus or Pro get the upgrade view. */
export function loader({ request, context }: LoaderFunctionArgs) {
  return loadPracticePage(request, context);
}

/** `intent=start`: a test from the builder's fields or a ready-made set. */
export function action({ request, context }: ActionFunctionArgs) {
  return practicePageAction(request, context);
}

export default function Practice() {
  const data = useLoaderData<typeof loader>();
  if (!data.allowed) return <PracticeUpgrade preview={data.preview} />;
  const open = data.past.tests.filter((test) => test.status === "active");
  return (
    <>
      <FeatureHeader
        title="Practice tests"
        description="Build a test from the question pool, or start a ready-made set. Tutor mode explains each answer; timed mode runs at exam pace and marks you the way your exam does."
      />
      <div className="mx-auto w-full max-w-5xl space-y-10 px-4 py-8 sm:px-6">
        {open.length > 0 ? (
          <PastTests
            tests={open}
            total={open.length}
            heading="Carry on where you left off"
            id="open-tests"
          />
        ) : null}
        <TestBuilder
          catalogue={data.catalogue}
          choices={data.choices}
          errors={data.errors}
          matched={data.matched}
          startKey={data.startKey}
        />
        <ReadySetsSection sets={data.sets} startKey={data.startKey} />
        <PastTests
          tests={data.past.tests}
          total={data.past.total}
          heading="Your tests"
          id="past-tests"
        />
      </div>
    </>
  );
}
