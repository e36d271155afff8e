import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { listOutbox } from "~/integrations/mail.server";
import { requireLocalMode } from "~/http/local-only.server";

export const meta: MetaFunction = () => [
  { title: "Local mailbox" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: LoaderFunctionArgs) {
  requireLocalMode(context.env);
  return { messages: await listOutbox(context.db), adapter: context.mail.adapter };
}

const dateFormat = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "medium" });

/** GET /dev/mailbox: every e-mail the local outbox holds, newest first. */
export default function DevMailbox() {
  const { messages, adapter } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900">Local mailbox</h1>
      <p className="mt-2 text-slate-600">
        Mail the app sends while no mail provider is configured lands here instead of being
        delivered.{" "}
        {adapter === "resend"
          ? "A provider is configured now, so new mail goes out for real."
          : null}
      </p>
      {messages.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          The mailbox is empty. Send something, for example through the contact form.
        </p>
      ) : (
        <ol className="mt-8 space-y-4">
          {messages.map((message) => (
            <li key={message.id} className="rounded-lg border border-slate-200 bg-white shadow-sm">
              <details>
                <summary className="cursor-pointer p-4">
                  <p className="font-semibold text-slate-900">{message.subject}</p>
                  <p className="text-sm text-slate-600">
                    To {message.to} ·{" "}
                    <time dateTime={message.createdAt}>
                      {dateFormat.format(new Date(message.createdAt))}
                    </time>
                  </p>
                </summary>
                <pre className="whitespace-pre-wrap border-t border-slate-100 p-4 font-sans text-sm text-slate-800">
                  {message.text}
                </pre>
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
