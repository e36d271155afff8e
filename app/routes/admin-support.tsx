import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { RouteHandle } from "~/components/layout/page-chrome";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AdminInbox } from "~/components/support/admin-inbox";
import { PriorityBadge } from "~/components/support/conversation";
import { ADMIN_PATH } from "~/lib/admin";
import { SITE } from "~/lib/site";
import { REPLY_TARGETS } from "~/lib/support";
import {
  type InboxActionData,
  loadSupportInbox,
  supportInboxAction,
} from "~/routes/admin-support.server";

export const handle: RouteHandle = { chrome: "admin" };

export const meta: MetaFunction = () => [
  { title: `Support inbox · ${SITE.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

/** The inbox under the filters in the address, and the ticket it names (admin session only). */
export function loader({ request, context }: LoaderFunctionArgs) {
  return loadSupportInbox(request, context);
}

/** Reply, retry a reply's e-mail, close, reopen. */
export function action({ request, context }: ActionFunctionArgs) {
  return supportInboxAction(request, context);
}

export default function AdminSupport() {
  const screen = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as InboxActionData | undefined;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <p className="text-sm">
        <Link to={ADMIN_PATH} className="font-medium text-brand-800 underline underline-offset-2">
          Promo Code Dashboard
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900">Support inbox</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Every contact-form message is a ticket. Replies are e-mailed to the sender and kept on the
        ticket; every action is in the audit log. Reply targets count opening hours only
        (Monday–Friday 9–6, Saturday 10–4, India time):
      </p>
      <ul className="mt-2 space-y-1 text-sm text-slate-700">
        <li className="flex flex-wrap items-center gap-2">
          <PriorityBadge /> {`Pro learners, listed first. ${REPLY_TARGETS.priority}`}
        </li>
        <li>{`Everyone else: ${REPLY_TARGETS.standard}`}</li>
      </ul>
      <AdminInbox screen={screen} lastReply={actionData ?? null} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
