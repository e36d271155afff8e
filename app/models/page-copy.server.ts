/**
 * What a page load says about keeping its page as the learner's copy
 * (app/http/learner-copies.server.ts, docs/decisions/053-learner-page-copies.md):
 * the viewer's ticket — versions read in the same D1 batch as the page's rows —
 * and what the page's loaders add: a value made for this load alone, a
 * deadline past which the page is wrong, or that it shows what no version
 * follows. The worker reads it once the loaders are done.
 */

/**
 * What the full path learned that lets its page be kept: set by the viewer
 * (models/viewer.server.ts) for a learner with a plan or a trial in force,
 * from the same D1 batch that read the page's rows.
 */
export type CopyTicket = {
  userId: string;
  sessionId: string;
  epoch: number;
  pageVersion: number;
  /** The shared content's version, for a page that shows it; null otherwise. */
  contentVersion: number | null;
  /** When the India day the page was made on ends (its tasks, streaks and due counts are the day's). */
  dayEndsAt: number;
  /** The session's own limits, checked again on every use (models/session.server.ts). */
  session: { expiresAt: number; idleMs: number; lastSeenAt: number };
  /** When the session's next touch falls due: from then on requests go the full way. */
  touchDueAt: number;
  /** When the learner's access ends (the copy is never served past it). */
  accessEndsAt: number;
};

/**
 * A page request's say in whether its page is kept: the viewer's ticket (a
 * plan or a trial in force, versions read with the page's rows), and what the page's
 * loaders add — that it shows something no version follows (`unkept`), or
 * that it must not be served past a moment (a running test's deadline).
 */
export type PageCopy = {
  /** Whether the page shows shared content: the viewer reads its version too. */
  showsContent: boolean;
  ticket: CopyTicket | null;
  unkept: boolean;
  until: number;
  /** Values the page's loaders made for this load alone (freshForEachLoad). */
  fresh: { value: string; make: () => string }[];
};

/** A page load's say, before its loaders have run. */
export function newPageCopy(options: { showsContent: boolean }): PageCopy {
  return {
    showsContent: options.showsContent,
    ticket: null,
    unkept: false,
    until: Number.POSITIVE_INFINITY,
    fresh: [],
  };
}

/**
 * A value a loader makes for this page load alone — a form's one-shot key,
 * a new conversation's id — which a kept copy must not hand out twice: each
 * copy served carries a new one from `make`. Every such value in a kept
 * page's data is made here (tests/integration/learner-copies.test.ts renders
 * each kept page twice and finds nothing else that differs).
 */
export function freshForEachLoad(
  pageCopy: PageCopy | null | undefined,
  make: () => string = () => crypto.randomUUID(),
): string {
  const value = make();
  pageCopy?.fresh.push({ value, make });
  return value;
}

/** The page shows something no page version follows (the meter's live answer): it is not kept. */
export function unkeepPage(pageCopy: PageCopy | null | undefined): void {
  if (pageCopy) pageCopy.unkept = true;
}

/** The page changes at `at` without a write (a deadline): no copy of it is served from then. */
export function keepPageUntil(pageCopy: PageCopy | null | undefined, at: number): void {
  if (pageCopy) pageCopy.until = Math.min(pageCopy.until, at);
}

/** The statement the full path adds to its chrome batch: the shared content's version. */
export const CONTENT_VERSION_SQL = "SELECT version FROM content_version WHERE id = 1";
