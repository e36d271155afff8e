/**
 * "Report a problem" under a question (app/components/assessment/report-question.tsx),
 * as the quiz, simulation, practice-test and mock exam pages answer it: in place, with or
 * without JavaScript, the report control showing the message.
 */
import { data } from "@remix-run/cloudflare";
import type { AppContext } from "~/load-context";
import { REPORT_MESSAGES, reportItem, reportSchema } from "~/models/question-reports.server";

export async function reportQuestionAction(
  context: AppContext,
  userId: string,
  formData: FormData,
) {
  const parsed = reportSchema.safeParse({
    bankId: formData.get("bankId"),
    reason: formData.get("reason"),
    note: formData.get("note") ?? undefined,
  });
  const bankId = String(formData.get("bankId") ?? "");
  if (!parsed.success) {
    return data(
      { intent: "report" as const, bankId, ok: false, message: REPORT_MESSAGES.invalid },
      { status: 400 },
    );
  }
  const outcome = await reportItem(context.db, userId, parsed.data, Date.now());
  return data(
    { intent: "report" as const, bankId, ok: outcome.ok, message: outcome.message },
    { status: outcome.status },
  );
}
