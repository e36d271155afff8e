import { parseWithZod } from "@conform-to/zod/v4";
import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FeatureHeader } from "~/components/access/feature-header";
import { ConfirmAction, ConfirmPanel } from "~/components/chat-history/confirm";
import { ConversationList } from "~/components/chat-history/conversation-list";
import {
  ConversationPane,
  NoSelection,
  SelectionProblem,
} from "~/components/chat-history/conversation-pane";
import { EmptyHistory, HistoryLoadNotice } from "~/components/chat-history/empty-history";
import { useChatDates } from "~/components/chat-history/use-chat-dates";
import { ButtonLink, buttonClasses } from "~/components/ui/button";
import {
  CHAT_HISTORY_PATH,
  historyHref,
  parseHistoryConfirm,
  parseHistoryView,
} from "~/lib/chat-history";
import {
  CHAT_MESSAGES,
  CHAT_SERVICE_MESSAGES,
  chatTitleSchema,
  isChatSessionId,
} from "~/lib/chat-session";
import { SITE } from "~/lib/site";
import type { ToastInput } from "~/lib/toast";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { getAuth, requireUser } from "~/models/auth.server";
import { loadChatHistoryScreen } from "~/routes/chat-history.server";
import { clearChatHistory, deleteChatSession, renameChatSession } from "~/models/chat.server";
import { redirectWithToast } from "~/http/toast.server";

export const meta: MetaFunction = () => [{ title: `Chat History · ${SITE.name}` }];

/** Someone's conversations: never kept by the browser or a proxy. */
export const headers: HeadersFunction = () => PRIVATE_PAGE_HEADERS;

/**
 * /chat-history needs a signed-in user (not a plan): it shows past
 * conversations. Everything the screen shows follows from its address
 * (app/lib/chat-history.ts), so it works with JavaScript off.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getAuth(request, context);
  if (!auth) return data({ signedIn: false as const }, { headers: PRIVATE_PAGE_HEADERS });
  const params = new URL(request.url).searchParams;
  const view = parseHistoryView(params);
  const screen = await loadChatHistoryScreen(
    context.db,
    auth.user.id,
    view,
    parseHistoryConfirm(params),
  );
  return data(
    { signedIn: true as const, view, now: Date.now(), ...screen },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

/** Rename, delete one, or clear all; each answers with a redirect and a toast. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireUser(request, context);
  const view = parseHistoryView(new URL(request.url).searchParams);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const sessionId = formData.get("sessionId");
  const back = (to: string, toast: ToastInput) => redirectWithToast(to, toast, context.env);
  const failed =
    (message: string, to = historyHref(view)) =>
    (error: unknown) => {
      console.error(`[chat-history] ${message}`, error);
      return back(to, { type: "error", title: message });
    };

  if (intent === "clear") {
    return clearChatHistory(context.db, user.id).then(
      () => back(CHAT_HISTORY_PATH, { type: "success", title: CHAT_MESSAGES.cleared }),
      failed(CHAT_SERVICE_MESSAGES.clearHistory),
    );
  }

  if (!isChatSessionId(sessionId)) {
    return back(historyHref(view), { type: "error", title: CHAT_MESSAGES.sessionNotFound });
  }

  if (intent === "delete") {
    // Deleting the open conversation also closes it.
    const next = historyHref(view, view.sessionId === sessionId ? { sessionId: null } : {});
    return deleteChatSession(context.db, user.id, sessionId).then(
      (deleted) =>
        back(
          next,
          deleted
            ? { type: "success", title: CHAT_MESSAGES.deleted }
            : { type: "error", title: CHAT_MESSAGES.sessionNotFound },
        ),
      failed(CHAT_SERVICE_MESSAGES.deleteSession),
    );
  }

  if (intent === "rename") {
    const submission = parseWithZod(formData, { schema: chatTitleSchema });
    if (submission.status !== "success") {
      return data(
        { intent: "rename" as const, sessionId, result: submission.reply() },
        { status: 400 },
      );
    }
    return renameChatSession(context.db, user.id, sessionId, submission.value.title).then(
      (renamed) =>
        renamed
          ? back(historyHref(view, { sessionId }), {
              type: "success",
              title: CHAT_MESSAGES.renamed,
            })
          : back(historyHref(view, { sessionId: null }), {
              type: "error",
              title: CHAT_MESSAGES.sessionNotFound,
            }),
      failed(CHAT_SERVICE_MESSAGES.updateTitle),
    );
  }

  return redirect(historyHref(view));
}

function SignedOut() {
  return (
    <section
      className="mx-auto w-full max-w-lg px-4 py-16 sm:py-24"
      aria-labelledby="auth-required"
    >
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 id="auth-required" className="text-2xl font-bold text-slate-900">
          Authentication Required
        </h1>
        <p className="mt-3 text-slate-600">Please log in to view your chat history.</p>
        <Link
          to="/login?redirectTo=%2Fchat-history"
          className={buttonClasses("primary", "lg", "mt-8")}
        >
          Go to Login
        </Link>
      </div>
    </section>
  );
}

const WIDE_SCREEN = "(min-width: 1024px)";

type Screen = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { signedIn: true }>;

function HistoryScreen({ screen }: { screen: Screen }) {
  const { view, now, sessions, total, hasMore, hasAny, selected, confirm, failed } = screen;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const dates = useChatDates(now);

  // Loading: which part of the screen is about to change.
  const pending =
    navigation.state === "loading" && navigation.location.pathname === CHAT_HISTORY_PATH
      ? parseHistoryView(new URLSearchParams(navigation.location.search))
      : null;
  const listBusy =
    pending !== null &&
    (pending.q !== view.q || pending.function !== view.function || pending.page !== view.page);
  const paneBusy = pending !== null && pending.sessionId !== view.sessionId;

  // Small screens show the list or the conversation: move focus to whichever appeared.
  const shownSession = useRef(view.sessionId);
  useEffect(() => {
    if (shownSession.current === view.sessionId) return;
    shownSession.current = view.sessionId;
    if (window.matchMedia(WIDE_SCREEN).matches) return;
    const [section, heading] = view.sessionId
      ? ["conversation", "conversation-title"]
      : ["conversations", "conversations-heading"];
    document.getElementById(heading)?.focus({ preventScroll: true });
    document.getElementById(section)?.scrollIntoView({ block: "start" });
  }, [view.sessionId]);

  const renameResult =
    actionData?.intent === "rename" && actionData.sessionId === selected?.sessionId
      ? actionData.result
      : null;

  return (
    <>
      <FeatureHeader
        title="Chat History"
        description="Find, continue or delete your past conversations with the mentor."
      >
        <div className="mt-5 flex flex-wrap gap-3">
          <ButtonLink to="/chatbot?new">Start New Conversation</ButtonLink>
          {hasAny && !failed.history ? (
            <ConfirmAction
              subject={{ kind: "clear" }}
              href={historyHref(view, {}, { confirm: "clear" })}
              action={historyHref(view)}
              className={buttonClasses(
                "secondary",
                "md",
                "text-red-700 hover:border-red-300 hover:bg-red-50",
              )}
            >
              Clear all history
            </ConfirmAction>
          ) : null}
        </div>
      </FeatureHeader>
      <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-8">
        {failed.history ? <HistoryLoadNotice retryHref={historyHref(view)} /> : null}
        {confirm ? (
          <ConfirmPanel
            subject={confirm}
            action={historyHref(view)}
            cancelHref={historyHref(view)}
          />
        ) : null}
        {!hasAny ? (
          <EmptyHistory />
        ) : (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
            <ConversationList
              className={selected ? "hidden lg:block" : undefined}
              view={view}
              sessions={sessions}
              total={total}
              hasMore={hasMore}
              failed={failed.history}
              busy={listBusy}
              dates={dates}
            />
            {selected ? (
              <ConversationPane
                view={view}
                session={selected}
                dates={dates}
                busy={paneBusy}
                renameResult={renameResult}
              />
            ) : view.sessionId ? (
              <SelectionProblem view={view} failed={failed.session} />
            ) : (
              <NoSelection />
            )}
          </div>
        )}
      </div>
    </>
  );
}

export default function ChatHistory() {
  const screen = useLoaderData<typeof loader>();
  return screen.signedIn ? <HistoryScreen screen={screen} /> : <SignedOut />;
}
