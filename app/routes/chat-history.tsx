import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { FeatureHeader } from "~/components/access/feature-header";
import { buttonClasses } from "~/components/ui/button";
import { SITE } from "~/lib/site";
import { getViewer } from "~/models/viewer.server";

export const meta: MetaFunction = () => [{ title: `Chat History · ${SITE.name}` }];

/** /chat-history needs a signed-in user (not a plan): it shows past conversations. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(request, context);
  return { signedIn: viewer.status === "authenticated" };
}

export default function ChatHistory() {
  const { signedIn } = useLoaderData<typeof loader>();
  if (!signedIn) {
    return (
      <section
        className="mx-auto w-full max-w-lg px-4 py-16 sm:py-24"
        aria-labelledby="auth-required"
      >
        <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
          <h1 id="auth-required" className="text-2xl font-bold text-slate-900">
            Authentication Required
          </h1>
          <p className="mt-3 text-slate-600">Please log in to view your chat history.</p>
          <Link
            to="/login?redirectTo=%2Fchat-history"
            className={buttonClasses("primary", "lg", "mt-8")}
          >
            Go to Login
          </Link>
        </div>
      </section>
    );
  }
  return (
    <FeatureHeader
      title="Chat History"
      description="Find, continue or delete your past conversations with the mentor."
    />
  );
}
