/**
 * The /support page's server side. Visitors get the public page only; a
 * signed-in learner also gets their support tickets (read in the same D1
 * batch as their plan, which sets the reply time the page states) and can
 * reply on an open or answered one. The reply form posts here, so it works
 * with JavaScript off; every outcome answers with a redirect and a toast,
 * except a problem with the text, which comes back with the form.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/cloudflare";
import { redirectWithToast } from "~/http/toast.server";
import { replyFormSchema } from "~/lib/support-schema";
import {
  hasPrioritySupport,
  isTicketId,
  replyTargetText,
  SUPPORT_MESSAGES,
  SUPPORT_PATH,
  ticketHref,
  TICKETS_SECTION_ID,
} from "~/lib/support";
import type { AppContext } from "~/load-context";
import { getAuth, requireUser } from "~/models/auth.server";
import { accessRecordFromRows, accessRecordQueries } from "~/models/subscription.server";
import {
  addLearnerReply,
  learnerTicketQueries,
  learnerTicketsFromRows,
  supportDeps,
} from "~/models/support-tickets.server";
import { freshForEachLoad } from "~/models/page-copy.server";

export async function loadSupportPage(request: Request, context: AppContext) {
  const auth = await getAuth(request, context);
  if (!auth) return { tickets: null };
  const { db } = context;
  const now = Date.now();
  const userId = auth.user.id;
  const [periods, trialRows, firstPlanRows, tickets, replies] = await db.batch([
    ...accessRecordQueries(db, userId, now),
    ...learnerTicketQueries(db, userId),
  ]);
  const planId = accessRecordFromRows(periods, trialRows, firstPlanRows, now).subscription?.planId;
  const priority = hasPrioritySupport(planId ?? null);
  const selected = new URL(request.url).searchParams.get("ticket");
  return {
    tickets: {
      priority,
      replyTarget: replyTargetText(priority),
      list: learnerTicketsFromRows(tickets, replies),
      selected: isTicketId(selected) ? selected : null,
      /** Names the reply about to be written, so sending it twice stores it once. */
      replyKey: freshForEachLoad(context.pageCopy),
    },
  };
}

export type SupportActionData = {
  ticketId: string;
  result: SubmissionResult<string[]>;
};

export async function supportAction(request: Request, context: AppContext) {
  const auth = await requireUser(request, context, {
    redirectTo: `${SUPPORT_PATH}#${TICKETS_SECTION_ID}`,
  });
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: replyFormSchema });
  const ticketId = String(formData.get("ticketId") ?? "");
  if (submission.status !== "success") {
    return data({ ticketId, result: submission.reply() } satisfies SupportActionData, {
      status: 400,
    });
  }
  const { body, replyKey } = submission.value;
  const outcome = await addLearnerReply(
    supportDeps(request, context),
    auth.user.id,
    submission.value.ticketId,
    body,
    replyKey,
  );
  if (outcome.ok) {
    return redirectWithToast(
      ticketHref(outcome.ticket.id),
      {
        type: "success",
        title: SUPPORT_MESSAGES.replySent,
        description: SUPPORT_MESSAGES.replySentDescription,
      },
      context.env,
      { status: 303 },
    );
  }
  if (outcome.status === 429) {
    // Keep the text: nothing was sent.
    return data(
      {
        ticketId,
        result: submission.reply({ formErrors: [outcome.message] }),
      } satisfies SupportActionData,
      { status: 429 },
    );
  }
  return redirectWithToast(
    outcome.status === 409
      ? ticketHref(submission.value.ticketId)
      : `${SUPPORT_PATH}#${TICKETS_SECTION_ID}`,
    { type: "error", title: SUPPORT_MESSAGES.replyNotSent, description: outcome.message },
    context.env,
    { status: 303 },
  );
}
