import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { FeatureScreen } from "~/components/access/feature-screen";
import { SITE } from "~/lib/site";
import { requireFeatureScreen } from "~/models/access.server";

export const meta: MetaFunction = () => [{ title: `Chat with AI Mentor · ${SITE.name}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { access: await requireFeatureScreen(request, context, "chatMessages") };
}

export default function Chatbot() {
  const { access } = useLoaderData<typeof loader>();
  return (
    <FeatureScreen
      feature="chatMessages"
      featureName="AI mentor chat"
      title="Chat with AI Mentor"
      description="Ask clinical questions, work through cases and plan your study with the mentor."
      access={access}
    />
  );
}
