/**
 * The support inbox at /admin_dashboard_2025/support: what it shows follows
 * from its address (filters, page, the open ticket), and its forms post to
 * the same address, so everything works with JavaScript off. Each action is
 * answered with a redirect back and a toast, except a problem with the reply's
 * text, which comes back with the form. The rules are in
 * app/models/support-tickets.server.ts.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/cloudflare";
import { redirectWithToast } from "~/http/toast.server";
import { isTicketId, SUPPORT_MESSAGES } from "~/lib/support";
import { inboxHref, parseInboxFilters } from "~/lib/support-inbox";
import { replyFormSchema } from "~/lib/support-schema";
import type { ToastInput } from "~/lib/toast";
import type { AppContext } from "~/load-context";
import { requireAdminPage } from "~/models/admin-auth.server";
import {
  loadInboxPage,
  type Refused,
  resendTeamReply,
  sendTeamReply,
  setTicketStatus,
  supportDeps,
  type TeamReplied,
} from "~/models/support-tickets.server";

export async function loadSupportInbox(request: Request, context: AppContext) {
  const auth = await requireAdminPage(request, context);
  const params = new URL(request.url).searchParams;
  const { filters } = parseInboxFilters(params);
  const ticketParam = params.get("ticket");
  const ticketId = isTicketId(ticketParam) ? ticketParam : null;
  const now = Date.now();
  const { inbox, ticket } = await loadInboxPage(context.db, filters, ticketId, now);
  return data(
    {
      admin: { email: auth.session.email },
      filters,
      inbox,
      /** The ticket asked for: its view, or "missing" for an id that names none. */
      ticket: ticket ?? (ticketParam ? ("missing" as const) : null),
      replyKey: crypto.randomUUID(),
      now,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export type InboxActionData = { ticketId: string; result: SubmissionResult<string[]> };

function replyToast(outcome: TeamReplied | Refused): ToastInput {
  if (!outcome.ok) {
    return { type: "error", title: SUPPORT_MESSAGES.replyFailed, description: outcome.message };
  }
  if (outcome.reply.deliveryStatus === "sent") {
    return {
      type: "success",
      title: SUPPORT_MESSAGES.teamReplySent,
      description: SUPPORT_MESSAGES.teamReplySentDescription(outcome.ticket.email),
    };
  }
  if (outcome.reply.deliveryStatus === "failed") {
    return {
      type: "error",
      title: SUPPORT_MESSAGES.teamReplyFailed,
      description: SUPPORT_MESSAGES.teamReplyFailedDescription,
    };
  }
  return { type: "info", title: SUPPORT_MESSAGES.teamReplySent };
}

/** The inbox's forms: reply, retry a reply's e-mail, close, reopen. */
export async function supportInboxAction(request: Request, context: AppContext) {
  const auth = await requireAdminPage(request, context);
  const admin = { id: auth.session.userId, email: auth.session.email };
  const formData = await request.formData();
  const intent = formData.get("intent");
  const ticketId = String(formData.get("ticketId") ?? "");
  const { filters } = parseInboxFilters(new URL(request.url).searchParams);
  const back = (toast: ToastInput, ticket: string | null = ticketId) =>
    redirectWithToast(inboxHref(filters, isTicketId(ticket) ? ticket : null), toast, context.env, {
      status: 303,
    });
  if (!isTicketId(ticketId)) {
    return back({ type: "error", title: SUPPORT_MESSAGES.invalidTicketId });
  }
  const deps = supportDeps(request, context);

  if (intent === "reply") {
    const submission = parseWithZod(formData, { schema: replyFormSchema });
    if (submission.status !== "success") {
      return data({ ticketId, result: submission.reply() } satisfies InboxActionData, {
        status: 400,
      });
    }
    const { body, replyKey } = submission.value;
    return back(replyToast(await sendTeamReply(deps, admin, ticketId, body, replyKey)));
  }
  if (intent === "retry") {
    const replyId = String(formData.get("replyId") ?? "");
    if (!isTicketId(replyId)) return back({ type: "error", title: SUPPORT_MESSAGES.replyNotFound });
    const outcome = await resendTeamReply(deps, admin, ticketId, replyId);
    if (outcome.ok && outcome.replayed) {
      return back({ type: "info", title: SUPPORT_MESSAGES.retryNotNeeded });
    }
    return back(replyToast(outcome));
  }
  if (intent === "close" || intent === "reopen") {
    const outcome = await setTicketStatus(
      deps,
      admin,
      ticketId,
      intent === "close" ? "closed" : "open",
    );
    if (!outcome.ok) {
      return back({
        type: "error",
        title: SUPPORT_MESSAGES.statusFailed,
        description: outcome.message,
      });
    }
    return back({
      type: "success",
      title: intent === "close" ? SUPPORT_MESSAGES.closedTicket : SUPPORT_MESSAGES.reopenedTicket,
    });
  }
  return back({ type: "error", title: SUPPORT_MESSAGES.statusFailed });
}
