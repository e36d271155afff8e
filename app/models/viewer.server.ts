import type { AppContext } from "~/load-context";
import { FEATURE_KEYS, type FeatureKey } from "~/lib/features";
import { ANONYMOUS, type Viewer, type ViewerAccess } from "~/lib/viewer";
import { acceptSessionUser } from "./auth.server";
import { authDeps } from "./auth-context.server";
import { offerRead, READ_KEYS, riderStatements, takeRiders } from "./request-reads.server";
import { readSession, readSessionToken, SESSION_TOUCH_INTERVAL_MS } from "./session.server";
import { CONTENT_VERSION_SQL } from "./page-copy.server";
import { SESSION_USER, toViewerUser } from "./user.server";
import {
  accessInForceEndsAt,
  type AccessSummary,
  getAccessSummary,
  usageDeps,
} from "./usage.server";
import {
  accessRecordFromResults,
  accessRecordStatements,
  daysRemaining,
  type SubscriptionRecord,
} from "./subscription.server";
import { planIncludes } from "~/lib/plan-features";
import { expiryInstant, indiaDate } from "~/lib/admin";
import { TODAYS_TASKS, todaysPlanFromRows } from "./study-plan.server";

/** The navigation bar's view of an access summary. */
function toViewerAccess(summary: AccessSummary): ViewerAccess {
  if (summary.accessType === "subscription" && summary.subscription) {
    const { planId, planName, endDate, daysRemaining, status } = summary.subscription;
    return {
      type: "subscription",
      subscription: { planId, planName, endDate, daysRemaining, status },
    };
  }
  if (summary.accessType === "trial" && summary.trial) {
    const trial = summary.trial;
    return {
      type: "trial",
      trial: {
        totalUsed: trial.totalUsed,
        totalLimit: trial.totalLimit,
        daysRemaining: trial.daysRemaining,
        percentageUsed: trial.percentageUsed,
        remaining: Object.fromEntries(
          FEATURE_KEYS.map((feature) => [feature, trial.features[feature].remaining]),
        ) as Record<FeatureKey, number>,
      },
    };
  }
  return { type: "none" };
}

/** The viewer's access without counts: a subscriber's bar shows the plan, not its uses. */
function subscriptionAccess(subscription: SubscriptionRecord, now: number): ViewerAccess {
  const { planId, planName, endsAt, status } = subscription;
  return {
    type: "subscription",
    subscription: {
      planId,
      planName,
      endDate: endsAt.toISOString(),
      daysRemaining: daysRemaining(endsAt, now),
      status,
    },
  };
}

/**
 * The session's user (revocation and epoch checked), the access record and
 * today's study-plan tasks: one KV read of the session, then one D1 batch.
 * Null when nobody is signed in.
 */
async function readSignedIn(request: Request, context: AppContext) {
  const deps = authDeps(context);
  const session = await readSession(deps, await readSessionToken(request, context.env));
  if (!session) return null;
  const userId = session.record.userId;
  const now = deps.now();
  const day = indiaDate(now);
  // Statements built once per isolate (db/prebuilt.server.ts), read in one round trip with
  // the page's own statements that asked to ride (askToRide in request-reads.server.ts).
  const { db } = deps;
  const chrome = [
    SESSION_USER.bind(db, { userId, sessionId: session.id }),
    ...accessRecordStatements(db, userId, now),
    TODAYS_TASKS.bind(db, { userId, today: day }),
  ];
  // A page that may be kept and shows shared content notes its version, read with its rows.
  if (context.pageCopy?.showsContent) chrome.push(db.$client.prepare(CONTENT_VERSION_SQL));
  const page = riderStatements(takeRiders(context.reads), userId);
  let results: D1Result[] | null = null;
  try {
    results = await db.$client.batch([...chrome, ...page.statements]);
  } finally {
    page.settle(results, chrome.length);
  }
  const [userResult, periods, trialRows, firstPlanRows, todayResult, contentResult] = results;
  const auth = acceptSessionUser(deps, session, SESSION_USER.rows(db, userResult)[0] ?? null);
  if (!auth) return null;
  const record = accessRecordFromResults(db, [periods, trialRows, firstPlanRows], now);
  const todayRows = TODAYS_TASKS.rows(db, todayResult);
  offerRead(context.reads, READ_KEYS.accessRecord(userId), Promise.resolve(record));
  // A page of a plan or a trial in force may be kept: it shows D1 rows, the date, and counts
  // from the KV copy, which every use follows with a raise of the page version
  // (usage.server.ts). A page that asks the meter itself is marked unkept there.
  const accessEndsAt = accessInForceEndsAt(record, now);
  if (context.pageCopy && accessEndsAt !== null) {
    const contentVersion = context.pageCopy.showsContent
      ? ((contentResult?.results[0] as { version?: number } | undefined)?.version ?? null)
      : null;
    if (!context.pageCopy.showsContent || contentVersion !== null) {
      const { record: held } = auth.session;
      context.pageCopy.ticket = {
        userId,
        sessionId: auth.session.id,
        epoch: held.epoch,
        pageVersion: auth.user.pageVersion,
        contentVersion,
        dayEndsAt: expiryInstant(day),
        session: { expiresAt: held.expiresAt, idleMs: held.idleMs, lastSeenAt: held.lastSeenAt },
        touchDueAt: held.lastSeenAt + SESSION_TOUCH_INTERVAL_MS,
        accessEndsAt,
      };
    }
  }
  return { auth, record, todayRows, now, day };
}

/**
 * Who is asking: the signed-in user behind the session cookie (or Bearer
 * token) with the access they hold (subscription, else an active trial, else
 * none), or anonymous. The session's user, the access record and today's
 * study-plan tasks (the nav's count, the home page's list) come from one D1
 * batch, and the page's own guards take those reads instead of repeating them
 * (models/request-reads.server.ts). A trial's counts come from the KV read
 * copy when it is current; a subscriber's bar needs none.
 */
export async function getViewer(
  request: Request,
  context: AppContext,
  options: { fresh?: boolean } = {},
): Promise<Viewer> {
  const signedIn = readSignedIn(request, context);
  const auth = signedIn.then((read) => read?.auth ?? null);
  // A failed read reaches whoever takes it; unclaimed, it is not an unhandled rejection.
  auth.catch(() => undefined);
  offerRead(context.reads, READ_KEYS.auth, auth);
  const read = await signedIn;
  if (!read) return ANONYMOUS;
  const { record, todayRows, now, day } = read;
  const userId = read.auth.user.id;
  const access = record.subscription
    ? subscriptionAccess(record.subscription, now)
    : toViewerAccess(await getAccessSummary(usageDeps(context), userId, options));
  const planId = record.subscription?.planId ?? null;
  const todayPlan = planIncludes(planId, "studyPlanner")
    ? todaysPlanFromRows(todayRows, day)
    : null;
  const tasks = todayPlan?.tasks ?? [];
  return {
    status: "authenticated",
    user: toViewerUser(read.auth.user),
    access,
    today:
      tasks.length > 0
        ? { total: tasks.length, done: tasks.filter((task) => task.done).length }
        : null,
    todayPlan,
  };
}
