import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SITE } from "~/lib/site";

/** Any path no other route answers: HTTP 404, logged as an error, and the not-found screen. */
function notFound(request: Request): never {
  const { pathname } = new URL(request.url);
  console.error(`404 Not Found: ${request.method} ${pathname}`);
  throw data(null, { status: 404, statusText: "Not Found" });
}

export const meta: MetaFunction = () => [{ title: `Page not found · ${SITE.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  return notFound(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return notFound(request);
}

export default function NotFoundRoute() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
