/**
 * The /clinical-quizzes and /clinical-simulations pages: what the page shows
 * for its address, and the form posts that take a quiz or simulation step by
 * step with JavaScript off. With JavaScript the screens use the JSON API
 * instead (POST /api/{kinds}/generate and friends); both call the same rules
 * in the attempt models (app/models/assessment-*.server.ts).
 *
 * The attempt lives in the address: `?attempt=<id>&q=<index>` is one
 * question, `?attempt=<id>&view=results` the results, `?new=1` the setup
 * form shown in the page (the dialog's stand-in without JavaScript).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/cloudflare";
import {
  attemptAnswerSchema,
  failedMessage,
  GENERATION_BATCH,
  isAttemptId,
} from "~/lib/assessment-attempts";
import {
  ASSESSMENT_FEATURE,
  ASSESSMENT_MESSAGES,
  type AssessmentKind,
  assessmentRequestSchema,
  generatedMessage,
  itemView,
} from "~/lib/assessments";
import type { AssessmentScreenView, AttemptHeading, PastAttempt } from "~/lib/assessment-screen";
import type { ToastInput } from "~/lib/toast";
import type { AppContext } from "~/load-context";
import { redirectWithToast } from "~/http/toast.server";
import { requireFeatureScreen } from "~/models/access.server";
import {
  answerItem,
  attemptListStatements,
  attemptPageOf,
  getAttempt,
  startAttempt,
} from "~/models/assessment-attempts.server";
import { askToRide, leaveRide, rideResults } from "~/models/request-reads.server";
import { generateMore } from "~/models/assessment-generation-run.server";
import { retakeAttempt, retestIncorrect } from "~/models/assessment-retake.server";
import { attemptResults, finishAttempt } from "~/models/assessment-scoring.server";
import {
  assessmentDeps,
  type Attempt,
  type AttemptSummary,
} from "~/models/assessment-store.server";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { requireUser } from "~/models/auth.server";
import { reportQuestionAction } from "~/routes/question-report.server";
import { freshForEachLoad, unkeepPage } from "~/models/page-copy.server";

/** The page of each kind. */
export const ASSESSMENT_PAGE: Record<AssessmentKind, string> = {
  quiz: "/clinical-quizzes",
  simulation: "/clinical-simulations",
};

/** How many past attempts the page lists. */
const PAST_ATTEMPTS_SHOWN = 10;

export function questionHref(kind: AssessmentKind, attemptId: string, index: number) {
  return `${ASSESSMENT_PAGE[kind]}?${new URLSearchParams({ attempt: attemptId, q: String(index) })}`;
}

export function resultsHref(kind: AssessmentKind, attemptId: string) {
  return `${ASSESSMENT_PAGE[kind]}?${new URLSearchParams({ attempt: attemptId, view: "results" })}`;
}

function heading(attempt: AttemptSummary | Attempt): AttemptHeading {
  return {
    id: attempt.id,
    topic: attempt.topic,
    requestedCount: attempt.requestedCount,
    itemCount: attempt.itemCount,
    answeredCount: attempt.answeredCount,
    status: attempt.status,
    shortfall: attempt.shortfall,
    origin: attempt.origin,
  };
}

const DATE_FORMAT = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

function pastAttempt(kind: AssessmentKind, attempt: AttemptSummary): PastAttempt {
  const finished = attempt.status === "completed";
  return {
    ...heading(attempt),
    score: attempt.score,
    percentage:
      attempt.score === null || attempt.itemCount === 0
        ? null
        : Math.round((attempt.score / attempt.itemCount) * 100),
    date: DATE_FORMAT.format(new Date(attempt.createdAt)),
    href: finished
      ? resultsHref(kind, attempt.id)
      : questionHref(kind, attempt.id, Math.min(attempt.answeredCount, attempt.itemCount - 1)),
  };
}

/**
 * Generates the attempt's missing items after the answer has gone (waitUntil):
 * without JavaScript the learner reads question 1 while the rest arrive, and
 * the waiting page refreshes itself. A second run while one is going answers
 * "busy" and does nothing.
 */
function continueInBackground(
  context: AppContext,
  userId: string,
  kind: AssessmentKind,
  attemptId: string,
): void {
  context.waitUntil(
    generateMore(assessmentDeps(context), userId, attemptId, { kind }).catch((error: unknown) => {
      console.error("[assessments] background generation failed", error);
    }),
  );
}

/** Whether question `index` is the attempt's last (its button reads 'Finish Quiz'). */
function isLastQuestion(attempt: Attempt, index: number): boolean {
  return (
    index >= attempt.requestedCount - 1 ||
    (attempt.status !== "generating" && index >= attempt.itemCount - 1)
  );
}

function firstUnanswered(attempt: Attempt): number {
  const index = attempt.answers.findIndex((answer) => answer === null);
  return index === -1 ? Math.max(0, attempt.itemCount - 1) : index;
}

async function screenView(
  context: AppContext,
  userId: string,
  kind: AssessmentKind,
  params: URLSearchParams,
): Promise<AssessmentScreenView> {
  const attemptId = params.get("attempt");
  if (attemptId === null) return { view: "setup", showForm: params.get("new") === "1" };
  const attempt = isAttemptId(attemptId)
    ? await getAttempt(assessmentDeps(context), userId, attemptId, { kind })
    : null;
  if (!attempt) return { view: "missing", message: ASSESSMENT_MESSAGES.attemptNotFound };
  if (attempt.status === "failed") return { view: "failed", message: failedMessage(kind) };
  if (attempt.status === "completed") {
    return { view: "results", attempt: heading(attempt), results: attemptResults(attempt)! };
  }
  const asked = Number(params.get("q"));
  const index =
    params.has("q") && Number.isInteger(asked) && asked >= 0 && asked < attempt.requestedCount
      ? asked
      : firstUnanswered(attempt);
  const item = attempt.items[index];
  // A run that stopped (a closed tab, a lost request) picks up again; a running one is left alone.
  if (attempt.status === "generating") {
    continueInBackground(context, userId, kind, attempt.id);
    // Its page changes as questions arrive and restarts a stopped run: never served again.
    unkeepPage(context.pageCopy);
  }
  return {
    view: "question",
    attempt: heading(attempt),
    index,
    item: item ? itemView(item) : null,
    choice: attempt.answers[index] ?? null,
    isLast: isLastQuestion(attempt, index),
  };
}

/** The page's data: the access guard first, then the learner's past attempts and the address's view. */
export async function loadAssessmentScreen(
  request: Request,
  context: AppContext,
  kind: AssessmentKind,
) {
  const { db } = context;
  const pastQuery = { limit: PAST_ATTEMPTS_SHOWN };
  // The past attempts go with the chrome's batch when they can: one D1 round trip for the page.
  const ride = askToRide(context.reads, db.$client, (userId) =>
    attemptListStatements(db, userId, kind, pastQuery),
  );
  const access = await requireFeatureScreen(request, context, ASSESSMENT_FEATURE[kind]);
  if (access.state === "no-access") {
    leaveRide(ride);
    return data({ access, kind, screen: null, past: null }, { headers: PRIVATE_PAGE_HEADERS });
  }
  const { user } = await requireUser(request, context);
  const params = new URL(request.url).searchParams;
  const [screen, page] = await Promise.all([
    screenView(context, user.id, kind, params),
    rideResults(ride, user.id).then((results) => attemptPageOf(db, results, pastQuery)),
  ]);
  return data(
    {
      access,
      kind,
      screen,
      past: {
        attempts: page.attempts.map((attempt) => pastAttempt(kind, attempt)),
        total: page.total,
      },
      /** Names the next start, so a form posted twice makes one attempt. */
      startKey: freshForEachLoad(context.pageCopy),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

/**
 * The steps without JavaScript, each answered with a redirect (and a toast):
 * create → the first batch is generated → question 1; answer → the next
 * question (generating its batch first when it is not there yet) or, on the
 * last one, finish → the results; retake and retest → the new attempt's question 1.
 */
export async function assessmentScreenAction(
  request: Request,
  context: AppContext,
  kind: AssessmentKind,
) {
  const { user } = await requireUser(request, context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "report") return reportQuestionAction(context, user.id, formData);
  const deps = assessmentDeps(context);
  const page = ASSESSMENT_PAGE[kind];
  const messages = ASSESSMENT_MESSAGES[kind];
  const back = (to: string, toast: ToastInput) => redirectWithToast(to, toast, context.env);

  if (intent === "create") {
    const submission = parseWithZod(formData, { schema: assessmentRequestSchema(kind) });
    if (submission.status !== "success") {
      return data({ intent: "create" as const, result: submission.reply() }, { status: 400 });
    }
    const key = formData.get("startKey");
    const started = await startAttempt(deps, user.id, kind, {
      ...submission.value,
      idempotencyKey: typeof key === "string" && key.length <= 100 ? key : null,
    });
    if (!started.ok) {
      return back(page, { type: "error", title: started.title, description: started.message });
    }
    const generated = await generateMore(deps, user.id, started.attempt.id, {
      kind,
      maxItems: GENERATION_BATCH.first,
    });
    const attempt = "attempt" in generated ? generated.attempt : started.attempt;
    if (attempt.status === "failed" || attempt.itemCount === 0) {
      if (generated.status === "busy") return redirect(questionHref(kind, attempt.id, 0));
      return back(page, {
        type: "error",
        title: ASSESSMENT_MESSAGES.errorTitle,
        description: messages.failed,
      });
    }
    // The rest is generated in the background; the question page refreshes itself while it waits.
    if (attempt.status === "generating") continueInBackground(context, user.id, kind, attempt.id);
    return back(questionHref(kind, attempt.id, 0), generatedToast(kind, attempt));
  }

  const attemptId = formData.get("attemptId");
  if (typeof attemptId !== "string" || !isAttemptId(attemptId)) {
    return back(page, { type: "error", title: ASSESSMENT_MESSAGES.attemptNotFound });
  }

  if (intent === "answer") {
    const parsed = attemptAnswerSchema.safeParse({
      index: formData.get("index"),
      choice: formData.get("choice") ?? undefined,
    });
    const rawIndex = Number(formData.get("index"));
    const here = questionHref(kind, attemptId, Number.isInteger(rawIndex) ? rawIndex : 0);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? ASSESSMENT_MESSAGES.answerRequired;
      return data({ intent: "answer" as const, error: message }, { status: 400 });
    }
    const { index, choice } = parsed.data;
    const saved = await answerItem(deps, user.id, attemptId, index, choice, { kind });
    if (saved.status === "not-found") {
      return back(page, { type: "error", title: ASSESSMENT_MESSAGES.attemptNotFound });
    }
    if (saved.status === "conflict") {
      const to = saved.attempt.status === "completed" ? resultsHref(kind, attemptId) : here;
      return back(to, { type: "error", title: saved.message });
    }
    let attempt = saved.attempt;
    if (formData.get("step") !== "finish" && !isLastQuestion(attempt, index)) {
      if (index + 1 < attempt.itemCount) return redirect(questionHref(kind, attemptId, index + 1));
      // The next question is not there yet: generate the next batch first.
      const generated = await generateMore(deps, user.id, attemptId, {
        kind,
        maxItems: GENERATION_BATCH.next,
      });
      if (generated.status === "denied") {
        return back(here, {
          type: "error",
          title: generated.refusal.title,
          description: generated.refusal.message,
        });
      }
      if ("attempt" in generated) attempt = generated.attempt;
      const toast =
        generated.status === "generated" && attempt.status === "ready"
          ? generatedToast(kind, attempt)
          : null;
      if (index + 1 < attempt.itemCount || attempt.status === "generating") {
        const next = questionHref(kind, attemptId, index + 1);
        return toast ? back(next, toast) : redirect(next);
      }
      // Generation ended short: this was the last question after all.
      return back(here, toast ?? { type: "info", title: attempt.shortfall ?? messages.finish });
    }
    const finished = await finishAttempt(deps, user.id, attemptId, { kind });
    if (finished.status === "not-found") {
      return back(page, { type: "error", title: ASSESSMENT_MESSAGES.attemptNotFound });
    }
    if (finished.status === "conflict")
      return back(here, { type: "error", title: finished.message });
    return redirect(resultsHref(kind, attemptId));
  }

  if (intent === "retake" || intent === "retest") {
    const copy = intent === "retake" ? retakeAttempt : retestIncorrect;
    const result = await copy(deps, user.id, attemptId, { kind });
    if (result.status === "not-found") {
      return back(page, { type: "error", title: ASSESSMENT_MESSAGES.attemptNotFound });
    }
    if (result.status === "conflict") {
      return back(resultsHref(kind, attemptId), { type: "error", title: result.message });
    }
    if (result.status === "denied") {
      return back(page, {
        type: "error",
        title: result.refusal.title,
        description: result.refusal.message,
      });
    }
    return redirect(questionHref(kind, result.attempt.id, 0));
  }

  return redirect(page);
}

/** 'Quiz Generated!' once every question is there; otherwise says how far generation got. */
function generatedToast(kind: AssessmentKind, attempt: Attempt): ToastInput {
  if (attempt.status === "generating") {
    const noun = kind === "quiz" ? "questions" : "scenarios";
    return {
      type: "info",
      title: `Generating ${attempt.requestedCount} ${noun} about ${attempt.topic}`,
      description: `The first ${attempt.itemCount} are ready; the rest are written as you go.`,
    };
  }
  return {
    type: "success",
    title: ASSESSMENT_MESSAGES[kind].generatedTitle,
    description: attempt.shortfall
      ? `${generatedMessage(kind, attempt.itemCount, attempt.topic)}. ${attempt.shortfall}`
      : generatedMessage(kind, attempt.itemCount, attempt.topic),
  };
}
