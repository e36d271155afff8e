import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { FeatureScreen } from "~/components/access/feature-screen";
import { SITE } from "~/lib/site";
import { requireFeatureScreen } from "~/models/access.server";

export const meta: MetaFunction = () => [{ title: `Clinical Simulations · ${SITE.name}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { access: await requireFeatureScreen(request, context, "clinicalSimulations") };
}

export default function ClinicalSimulations() {
  const { access } = useLoaderData<typeof loader>();
  return (
    <FeatureScreen
      feature="clinicalSimulations"
      featureName="Clinical simulations"
      title="Clinical Simulations"
      description="Work through patient scenarios: history, examination, results, then the decision."
      access={access}
    />
  );
}
