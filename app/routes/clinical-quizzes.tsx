import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { FeatureScreen } from "~/components/access/feature-screen";
import { SITE } from "~/lib/site";
import { requireFeatureScreen } from "~/models/access.server";

export const meta: MetaFunction = () => [{ title: `Clinical Quizzes · ${SITE.name}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { access: await requireFeatureScreen(request, context, "clinicalQuizzes") };
}

export default function ClinicalQuizzes() {
  const { access } = useLoaderData<typeof loader>();
  return (
    <FeatureScreen
      feature="clinicalQuizzes"
      featureName="Clinical quizzes"
      title="Clinical Quizzes"
      description="Generate a multiple-choice quiz on any topic, take it and see every answer explained."
      access={access}
    />
  );
}
