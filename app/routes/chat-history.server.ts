/**
 * What the chat history screen shows for one address: the
 * learner's conversations in pages of CHAT_HISTORY_PAGE_SIZE, the open
 * conversation and the confirmation step asked for. Failures to read are
 * logged and reported as flags, so the rest of the screen still renders.
 */
import type { Database } from "~/db/client.server";
import type { ChatSessionDetail, ChatSessionSummary } from "~/lib/chat-conversation";
import { type HistoryConfirm, type HistoryView, isFiltered } from "~/lib/chat-history";
import { CHAT_HISTORY_PAGE_SIZE, CHAT_SERVICE_MESSAGES } from "~/lib/chat-session";
import { getChatSession, getChatSessionSummary, listChatSessions } from "~/models/chat.server";

export type HistoryConfirmation =
  { kind: "delete"; sessionId: string; title: string } | { kind: "clear" } | null;

export type ChatHistoryScreen = {
  /** Pages 1…page of the list, most recent first. */
  sessions: ChatSessionSummary[];
  /** How many conversations match the search and filter. */
  total: number;
  hasMore: boolean;
  /** Whether the learner has any conversation at all (empty state vs. no results). */
  hasAny: boolean;
  selected: ChatSessionDetail | null;
  /** A sessionId was asked for that is not (or no longer) the learner's. */
  selectedMissing: boolean;
  confirm: HistoryConfirmation;
  failed: { history: boolean; session: boolean };
};

function logged<T>(message: string, fallback: T) {
  return (error: unknown): T => {
    console.error(`[chat-history] ${message}`, error);
    return fallback;
  };
}

async function listPages(db: Database, userId: string, view: HistoryView) {
  const query = (index: number) =>
    listChatSessions(db, userId, {
      limit: CHAT_HISTORY_PAGE_SIZE,
      skip: index * CHAT_HISTORY_PAGE_SIZE,
      search: view.q,
      function: view.function,
    });
  const first = await query(0);
  // Only the pages that exist: page=20 of a short history reads one page.
  const pageCount = Math.min(view.page, Math.ceil(first.total / CHAT_HISTORY_PAGE_SIZE));
  const rest = await Promise.all(
    Array.from({ length: Math.max(pageCount - 1, 0) }, (_, index) => query(index + 1)),
  );
  const pages = [first, ...rest];
  const seen = new Set<string>();
  const sessions = pages
    .flatMap((page) => page.sessions)
    // A conversation that moved up between two page reads appears once.
    .filter((session) => !seen.has(session.sessionId) && seen.add(session.sessionId));
  return { sessions, total: first.total, hasMore: pages.at(-1)?.hasMore ?? false };
}

export async function loadChatHistoryScreen(
  db: Database,
  userId: string,
  view: HistoryView,
  confirmAsked: HistoryConfirm,
): Promise<ChatHistoryScreen> {
  const [list, selected] = await Promise.all([
    listPages(db, userId, view).catch(logged(CHAT_SERVICE_MESSAGES.fetchHistory, null)),
    view.sessionId
      ? getChatSession(db, userId, view.sessionId).catch(
          logged(CHAT_SERVICE_MESSAGES.fetchSession, undefined),
        )
      : Promise.resolve(null),
  ]);
  const sessions = list?.sessions ?? [];
  const total = list?.total ?? 0;

  let hasAny = total > 0;
  if (list && !hasAny && isFiltered(view)) {
    const all = await listChatSessions(db, userId, { limit: 1 }).catch(
      logged(CHAT_SERVICE_MESSAGES.fetchHistory, null),
    );
    hasAny = (all?.total ?? 0) > 0;
  }

  let confirm: HistoryConfirmation = null;
  if (confirmAsked?.kind === "clear" && (hasAny || !list)) {
    confirm = { kind: "clear" };
  } else if (confirmAsked?.kind === "delete") {
    const target =
      (selected && selected.sessionId === confirmAsked.target ? selected : null) ??
      sessions.find((session) => session.sessionId === confirmAsked.target) ??
      (await getChatSessionSummary(db, userId, confirmAsked.target).catch(
        logged(CHAT_SERVICE_MESSAGES.fetchSession, null),
      ));
    if (target) confirm = { kind: "delete", sessionId: target.sessionId, title: target.title };
  }

  return {
    sessions,
    total,
    hasMore: list?.hasMore ?? false,
    hasAny: hasAny || !list,
    selected: selected ?? null,
    selectedMissing: Boolean(view.sessionId) && selected === null,
    confirm,
    failed: { history: !list, session: selected === undefined },
  };
}
