/**
 * /planner.ics: the study plan from today as an iCalendar file (one all-day
 * event per study day listing its tasks, and the exam day), for Plus and Pro
 * learners; 403 text for others, visitors to /login.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { plannerCalendarResponse } from "~/routes/planner.server";

export function loader({ request, context }: LoaderFunctionArgs) {
  return plannerCalendarResponse(request, context);
}
