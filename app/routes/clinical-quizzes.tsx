import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ChoosePlanCard } from "~/components/access/choose-plan-card";
import { FeatureHeader } from "~/components/access/feature-header";
import { SITE } from "~/lib/site";
import { requireFeatureViewer } from "~/models/access.server";

export const meta: MetaFunction = () => [{ title: `Clinical Quizzes · ${SITE.name}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { hasAccess } = await requireFeatureViewer(request, context);
  return { hasAccess };
}

export default function ClinicalQuizzes() {
  const { hasAccess } = useLoaderData<typeof loader>();
  if (!hasAccess) return <ChoosePlanCard feature="Clinical quizzes" />;
  return <FeatureHeader title="Clinical Quizzes" description="Generate a multiple-choice quiz on any topic, take it and see every answer explained." />;
}
