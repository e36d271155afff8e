import { Link, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { LimitBanner } from "~/components/access/limit-banner";
import { useHydrated } from "~/components/auth/use-hydrated";
import { loginHref } from "~/components/home/links";
import { Button, ButtonLink, buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { CHAT_FUNCTION_LABELS, type ChatFunction } from "~/lib/chat-functions";
import {
  allowanceText,
  daysLeftText,
  type FeatureScreenAccess,
  trialEndedText,
} from "~/lib/feature-screen";
import { SITE } from "~/lib/site";
import { isSubscriber, type Viewer } from "~/lib/viewer";
import { ChatComposer } from "./chat-composer";
import { ChatLog, MentorNote } from "./chat-log";
import { preloadMentorText } from "./mentor-text";
import { ModeSelect } from "./mode-select";
import { type SavedChatMessage, useMentorChat } from "./use-mentor-chat";

/** What the chat page's loader decided (app/routes/chatbot.tsx). */
export type ChatScreenData = {
  /** The viewer's access to chat; null for a visitor who is not signed in. */
  access: FeatureScreenAccess | null;
  conversation: {
    /** A saved conversation's id, or the one a new conversation takes with its first message. */
    sessionId: string;
    saved: boolean;
    title: string;
    messages: SavedChatMessage[];
  };
  /** The mode of the next message. */
  chatFunction: ChatFunction;
  /** Said above the chat (the conversation asked for was not found). */
  notice: string | null;
  /** A new conversation was asked for (not the latest one). */
  fresh: boolean;
  /** Makes a repeated form post (JavaScript off) the same send. */
  sendKey: string;
  /** The longest message the server takes. */
  maxLength: number;
};

/** The chat page's address for a conversation and mode. */
export function chatPath(options: {
  sessionId?: string | null;
  chatFunction: ChatFunction;
  fresh?: boolean;
}): string {
  const search = new URLSearchParams();
  if (options.sessionId) search.set("sessionId", options.sessionId);
  else if (options.fresh) search.set("new", "1");
  search.set("function", options.chatFunction);
  return `/chatbot?${search}`;
}

/**
 * Keeps the address in step with the conversation on screen (so a reload or
 * a bookmark comes back to it) without loading the page again: the
 * conversation is already here, and a reply may be streaming into it.
 */
function showInAddressBar(path: string) {
  if (`${window.location.pathname}${window.location.search}` === path) return;
  window.history.replaceState(window.history.state, "", path);
}

/**
 * The mentor chat page (001 §2): heading and allowance, what the viewer's
 * access asks of them, then the conversation with its mode selector, a new
 * conversation action and the maximize toggle (also Ctrl/Cmd+M).
 */
export function ChatScreen({
  data,
  viewer,
  formError = null,
}: {
  data: ChatScreenData;
  viewer: Viewer;
  /** Why a message posted without JavaScript was refused. */
  formError?: string | null;
}) {
  const { access } = data;
  const signedIn = viewer.status === "authenticated" && access !== null;
  const hydrated = useHydrated();
  const { revalidate } = useRevalidator();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const formId = useId();

  // What was loaded with the page; later loads of its data (after each reply) only refresh the access.
  const [initial] = useState(data);
  const [chatFunction, setChatFunction] = useState(initial.chatFunction);
  const [started, setStarted] = useState(initial.conversation.saved);
  const [title, setTitle] = useState(initial.conversation.title);
  const [maximized, setMaximized] = useState(false);
  const modeRef = useRef(chatFunction);
  useEffect(() => {
    modeRef.current = chatFunction;
  }, [chatFunction]);

  const chat = useMentorChat({
    sessionId: initial.conversation.sessionId,
    messages: initial.conversation.messages,
    onReady: (sessionId) => {
      setStarted(true);
      showInAddressBar(chatPath({ sessionId, chatFunction: modeRef.current }));
    },
    // The allowance here and the navigation bar's trial counts follow each reply.
    onReplyEnd: isSubscriber(viewer) ? undefined : revalidate,
  });

  useEffect(() => {
    preloadMentorText();
    // "New conversation" lands here ready to type.
    if (initial.fresh && signedIn) inputRef.current?.focus({ preventScroll: true });
  }, [initial.fresh, signedIn]);

  const toggleMaximized = useCallback(() => setMaximized((value) => !value), []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (
        (event.ctrlKey || event.metaKey) &&
        !event.altKey &&
        !event.shiftKey &&
        event.key.toLowerCase() === "m"
      ) {
        event.preventDefault();
        toggleMaximized();
      } else if (event.key === "Escape" && maximized) {
        setMaximized(false);
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [maximized, toggleMaximized]);

  // The page behind a maximized chat does not scroll.
  useEffect(() => {
    if (!maximized) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previous;
    };
  }, [maximized]);

  function changeMode(next: ChatFunction) {
    setChatFunction(next);
    showInAddressBar(
      chatPath({
        sessionId: started ? chat.sessionId : null,
        chatFunction: next,
        fresh: initial.fresh,
      }),
    );
  }

  function send(text: string) {
    // A new conversation is named after its first message (the server does the same).
    const named = text.replace(/\s+/g, " ").trim();
    if (named && !started && !chat.streaming && chat.entries.length === 0) setTitle(named);
    return chat.send(text, chatFunction);
  }

  return (
    <>
      {/* A compact heading: on a phone the conversation and the box fit below it. */}
      <header className="border-b border-slate-200 bg-brand-50/60">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-4 sm:px-6">
          <div>
            <h1 className="text-2xl font-bold text-slate-900">Chat with AI Mentor</h1>
            <p className="mt-1 text-sm text-slate-700 max-sm:hidden">
              Ask clinical questions, work through cases and plan your study with the mentor.
            </p>
          </div>
          <Allowance access={access} />
        </div>
      </header>

      <div className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-4 px-2 py-3 sm:px-6 sm:py-6">
        {initial.notice ? (
          <p
            role="status"
            className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
            data-testid="chat-notice"
          >
            {initial.notice}
          </p>
        ) : null}
        {access?.state === "no-access" ? <ChoosePlanPanel access={access} /> : null}
        {access?.state === "limit-reached" ? <LimitBanner message={access.message} /> : null}

        <section
          aria-labelledby={titleId}
          data-testid="chat-panel"
          data-maximized={maximized || undefined}
          className={cn(
            "flex flex-col overflow-hidden bg-white",
            maximized
              ? "fixed inset-0 z-50"
              : // The rest of the window under the navigation bar and the heading.
                "h-[calc(100dvh-12rem)] max-h-[52rem] min-h-[24rem] sm:h-[calc(100dvh-11.5rem)] rounded-2xl border border-slate-200 shadow-sm",
          )}
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-3 py-2 sm:px-5">
            <h2
              id={titleId}
              className="min-w-0 truncate text-base font-semibold text-slate-900"
              title={title}
            >
              {title}
            </h2>
            <div className="flex shrink-0 items-center gap-1">
              {signedIn ? (
                <Link
                  to={chatPath({ chatFunction, fresh: true })}
                  className={buttonClasses("ghost", "sm")}
                >
                  <PlusIcon />
                  <span className="sr-only sm:not-sr-only">New conversation</span>
                </Link>
              ) : null}
              {hydrated ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-pressed={maximized}
                  aria-keyshortcuts="Control+M Meta+M"
                  title="Maximize the chat (Ctrl+M)"
                  onClick={toggleMaximized}
                >
                  <MaximizeIcon maximized={maximized} />
                  <span className="sr-only sm:not-sr-only">Maximize</span>
                </Button>
              ) : null}
            </div>
          </div>

          <ChatLog
            entries={chat.entries}
            label={`Conversation with ${SITE.mentorName}`}
            className="flex-1"
            empty={<Greeting access={access} viewer={viewer} chatFunction={chatFunction} />}
          />

          <ChatComposer
            formId={formId}
            sessionId={chat.sessionId}
            sendKey={initial.sendKey}
            maxLength={initial.maxLength}
            disabled={!signedIn}
            streaming={chat.streaming}
            onSend={send}
            onStop={chat.stop}
            inputRef={inputRef}
            modeControl={<ModeSelect value={chatFunction} onChange={changeMode} />}
          >
            {!signedIn ? <LoginPrompt redirectTo={chatPath({ chatFunction })} /> : null}
            {formError ? (
              <p role="alert" className="mb-2 text-sm font-medium text-red-800">
                {formError}
              </p>
            ) : null}
          </ChatComposer>
        </section>
      </div>
    </>
  );
}

/** What is left of the chat allowance (read again after each reply). */
function Allowance({ access }: { access: FeatureScreenAccess | null }) {
  if (access?.state !== "allowed") return null;
  return (
    <p
      className="inline-flex flex-wrap items-center gap-x-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-900 ring-1 ring-brand-200"
      data-testid="feature-allowance"
    >
      {allowanceText("chatMessages", access)}
      {access.accessType === "trial" ? (
        <span className="font-normal text-slate-600">· {daysLeftText(access.daysRemaining)}</span>
      ) : null}
    </p>
  );
}

function Greeting({
  access,
  viewer,
  chatFunction,
}: {
  access: FeatureScreenAccess | null;
  viewer: Viewer;
  chatFunction: ChatFunction;
}) {
  const name = viewer.status === "authenticated" ? viewer.user.firstName : null;
  const intro = `I’m ${SITE.mentorName}, an AI clinical mentor for medical learners.`;
  if (!access || !name) {
    return (
      <MentorNote>
        <p>Hello! {intro}</p>
        <p>Log in to ask me about a topic, a clinical case or your study plan.</p>
      </MentorNote>
    );
  }
  if (access.state === "no-access") {
    return (
      <MentorNote>
        <p>
          Hello {name}! {intro}
        </p>
        <p>To chat with me, choose a plan first. Your conversations will be saved here.</p>
      </MentorNote>
    );
  }
  if (access.state === "limit-reached") {
    return (
      <MentorNote>
        <p>Hello {name}! You have used the chat messages your access includes for now.</p>
        <p>Upgrade your plan to keep asking; your conversations stay saved here.</p>
      </MentorNote>
    );
  }
  const mode = CHAT_FUNCTION_LABELS[chatFunction];
  return (
    <MentorNote>
      <p>
        {access.accessType === "trial" ? `Hello ${name}!` : `Welcome back, ${name}!`} {intro}
      </p>
      {access.accessType === "trial" ? (
        <p>
          Your free trial includes {access.limit} chat messages; each reply uses one. Make them
          count: one clear question at a time works best.
        </p>
      ) : null}
      <p>
        Ask about a topic from today’s lecture, a case from the ward or your study plan. You are in{" "}
        <strong>{mode}</strong> mode; change it below the conversation.
      </p>
    </MentorNote>
  );
}

/** Signed in without a plan or trial: the page stays open, sending leads to the plans. */
function ChoosePlanPanel({
  access,
}: {
  access: Extract<FeatureScreenAccess, { state: "no-access" }>;
}) {
  return (
    <section
      aria-labelledby="choose-plan-heading"
      className="rounded-2xl border border-brand-200 bg-white p-5 shadow-sm sm:flex sm:items-center sm:justify-between sm:gap-6"
    >
      <div>
        <h2 id="choose-plan-heading" className="text-lg font-semibold text-slate-900">
          Choose Your Plan
        </h2>
        {access.trialEnded ? (
          <div
            className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
            data-testid="trial-ended"
          >
            <p className="font-semibold">Your free trial has ended</p>
            <p className="mt-1">{trialEndedText(access.trialEnded)}</p>
          </div>
        ) : null}
        <p className="mt-2 text-sm text-slate-700">
          The AI mentor chat is part of every {SITE.name} plan, along with quizzes, flashcards and
          patient simulations.
        </p>
      </div>
      <div className="mt-4 flex shrink-0 flex-wrap gap-3 sm:mt-0">
        <ButtonLink to="/plans">Choose Plan</ButtonLink>
        <ButtonLink to="/" variant="secondary">
          Back to Home
        </ButtonLink>
      </div>
    </section>
  );
}

function LoginPrompt({ redirectTo }: { redirectTo: string }) {
  return (
    <div
      className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg bg-brand-50 px-3 py-2.5 text-sm text-slate-900"
      data-testid="chat-login-prompt"
    >
      <p className="font-medium">Log in to chat with {SITE.mentorName}.</p>
      <div className="flex gap-2">
        <ButtonLink to={loginHref(redirectTo)} size="sm">
          Log in
        </ButtonLink>
        <ButtonLink to="/register" variant="secondary" size="sm">
          Create account
        </ButtonLink>
      </div>
    </div>
  );
}

function PlusIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M12 5v14M5 12h14" strokeLinecap="round" />
    </svg>
  );
}

function MaximizeIcon({ maximized }: { maximized: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {maximized ? (
        <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
      ) : (
        <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
      )}
    </svg>
  );
}
