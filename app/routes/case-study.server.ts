/**
 * The /case-studies/{id} page's server side: a running case as the learner
 * has uncovered it, or its debrief once finished. Every action is a real form
 * post (`intent` = history, exam, order, treat, ask, differential, diagnosis,
 * disposition, wait, or finish); without JavaScript it answers with a
 * redirect back to the section it came from, with JavaScript (the `js` field)
 * with data for the fetcher. The rules are the case models' either way.
 */
import { data, redirect } from "@remix-run/cloudflare";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { redirectWithToast } from "~/http/toast.server";
import { CASE_MESSAGES, caseActionSchema, casePath, isCaseAttemptId } from "~/lib/case-studies";
import { PLAN_FEATURES } from "~/lib/plan-features";
import type { AppContext } from "~/load-context";
import {
  actOnCase,
  caseAttemptStatement,
  caseDeps,
  caseFromResult,
  finishCase,
} from "~/models/case-studies.server";
import { requirePlanFeaturePage } from "~/models/plan-access.server";
import { askToRide, leaveRide, rideResults } from "~/models/request-reads.server";

export async function loadCaseStudy(request: Request, context: AppContext, id: string | undefined) {
  // The attempt's read goes with the chrome's batch when it can: no D1 round trip of its own.
  const ride = isCaseAttemptId(id)
    ? askToRide(context.reads, context.db.$client, (userId) => [
        caseAttemptStatement(context.db, userId, id),
      ])
    : null;
  const { auth, access } = await requirePlanFeaturePage(request, context, "caseStudies");
  if (!access.allowed) {
    if (ride) leaveRide(ride);
    return data({ kind: "upgrade" as const }, { headers: PRIVATE_PAGE_HEADERS });
  }
  const notFound = () =>
    redirectWithToast(
      "/case-studies",
      { type: "error", title: CASE_MESSAGES.notFound },
      context.env,
    );
  if (!ride) throw await notFound();
  const [attempt] = await rideResults(ride, auth.user.id);
  const read = caseFromResult(attempt!);
  if (read.status === "not-found") throw await notFound();
  if (read.status === "finished") {
    return data(
      { kind: "debrief" as const, view: read.view, debrief: read.debrief },
      { headers: PRIVATE_PAGE_HEADERS },
    );
  }
  return data({ kind: "case" as const, view: read.view }, { headers: PRIVATE_PAGE_HEADERS });
}

const SECTION: Record<string, string> = {
  history: "history",
  ask: "history",
  exam: "examination",
  order: "investigations",
  wait: "investigations",
  treat: "management",
  differential: "diagnosis",
  diagnosis: "diagnosis",
  disposition: "diagnosis",
};

function text(formData: FormData, name: string): string | undefined {
  const value = formData.get(name);
  return typeof value === "string" ? value : undefined;
}

/** The form's fields as the action schema's shape. */
function actionFromForm(formData: FormData) {
  return {
    type: text(formData, "intent"),
    id: text(formData, "id"),
    question: text(formData, "question"),
    ids: formData.getAll("ids").filter((value) => typeof value === "string"),
    until: text(formData, "until"),
  };
}

export async function caseStudyAction(
  request: Request,
  context: AppContext,
  id: string | undefined,
) {
  const { auth, access } = await requirePlanFeaturePage(request, context, "caseStudies");
  const toast = (to: string, title: string, type: "error" | "success" | "info" = "error") =>
    redirectWithToast(to, { type, title }, context.env);
  if (!access.allowed) return toast("/case-studies", PLAN_FEATURES.caseStudies.refusal);
  if (!isCaseAttemptId(id)) return toast("/case-studies", CASE_MESSAGES.notFound);
  const formData = await request.formData();
  const js = text(formData, "js") === "1";
  const intent = text(formData, "intent") ?? "";
  const here = casePath(id);
  const deps = caseDeps(context);

  if (intent === "finish") {
    const result = await finishCase(deps, auth.user.id, id);
    if (result.status === "not-found") return toast("/case-studies", CASE_MESSAGES.notFound);
    if (result.status !== "finished") {
      return js
        ? data({ ok: false as const, message: result.message }, { status: 409 })
        : toast(`${here}#diagnosis`, result.message);
    }
    return js
      ? data({ ok: true as const, message: null, finished: true })
      : redirect(`${here}#debrief`);
  }

  const parsed = caseActionSchema.safeParse(actionFromForm(formData));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? CASE_MESSAGES.unknownItem;
    return data({ ok: false as const, message }, { status: 400 });
  }
  const result = await actOnCase(deps, auth.user.id, id, parsed.data);
  const anchor = `${here}#${SECTION[parsed.data.type] ?? "history"}`;
  if (result.status === "not-found") return toast("/case-studies", CASE_MESSAGES.notFound);
  if (result.status === "finished") return toast(here, CASE_MESSAGES.finished);
  if (result.status !== "ok") {
    const status = result.status === "invalid" ? 400 : 409;
    if (js || result.status === "invalid") {
      return data({ ok: false as const, message: result.message }, { status });
    }
    return toast(anchor, result.message);
  }
  if (js) return data({ ok: true as const, message: result.message });
  // A message worth saying without JavaScript ("not available here"); the patient's answer shows in the page.
  if (result.message && parsed.data.type === "order") return toast(anchor, result.message, "info");
  return redirect(anchor);
}
