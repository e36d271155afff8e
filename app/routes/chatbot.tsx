import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ChoosePlanCard } from "~/components/access/choose-plan-card";
import { FeatureHeader } from "~/components/access/feature-header";
import { SITE } from "~/lib/site";
import { requireFeatureViewer } from "~/models/access.server";

export const meta: MetaFunction = () => [{ title: `Chat with AI Mentor · ${SITE.name}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { hasAccess } = await requireFeatureViewer(request, context);
  return { hasAccess };
}

export default function Chatbot() {
  const { hasAccess } = useLoaderData<typeof loader>();
  if (!hasAccess) return <ChoosePlanCard feature="AI mentor chat" />;
  return <FeatureHeader title="Chat with AI Mentor" description="Ask clinical questions, work through cases and plan your study with the mentor." />;
}
