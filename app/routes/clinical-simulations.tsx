import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ChoosePlanCard } from "~/components/access/choose-plan-card";
import { FeatureHeader } from "~/components/access/feature-header";
import { SITE } from "~/lib/site";
import { requireFeatureViewer } from "~/models/access.server";

export const meta: MetaFunction = () => [{ title: `Clinical Simulations · ${SITE.name}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { hasAccess } = await requireFeatureViewer(request, context);
  return { hasAccess };
}

export default function ClinicalSimulations() {
  const { hasAccess } = useLoaderData<typeof loader>();
  if (!hasAccess) return <ChoosePlanCard feature="Clinical simulations" />;
  return <FeatureHeader title="Clinical Simulations" description="Work through patient scenarios: history, examination, results, then the decision." />;
}
