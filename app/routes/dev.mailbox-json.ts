import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listOutbox } from "~/integrations/mail.server";
import { requireLocalMode } from "~/http/local-only.server";

/** GET /dev/mailbox.json: the local outbox as a JSON array, newest first. Local mode only. */
export async function loader({ context }: LoaderFunctionArgs) {
  requireLocalMode(context.env);
  const messages = await listOutbox(context.db);
  return Response.json(messages, { headers: { "Cache-Control": "no-store" } });
}
