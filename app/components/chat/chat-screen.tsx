/**
 * The mentor chat page laid out from its parts (each in its own module beside
 * this one), with the conversation wired into them.
 */
import { useId } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { cn } from "~/lib/cn";
import { SITE } from "~/lib/site";
import type { Viewer } from "~/lib/viewer";
import { ChatAccessNotices } from "./chat-access-notices";
import { ChatComposer } from "./chat-composer";
import { ChatComposerNotes } from "./chat-composer-notes";
import { ChatGreeting } from "./chat-greeting";
import { ChatLog } from "./chat-log";
import { ChatPageHeader } from "./chat-page-header";
import { ChatPanelHeader } from "./chat-panel-header";
import { chatPath } from "./chat-path";
import type { ChatScreenData } from "./chat-screen-data";
import { ModeSelect } from "./mode-select";
import { useChatConversation } from "./use-chat-conversation";
import { useMaximizedPanel } from "./use-maximized-panel";

/**
 * The mentor chat page: heading and allowance, what the viewer's
 * access asks of them, then the conversation with its mode selector, a new
 * conversation action and the maximize toggle (also Ctrl/Cmd+M).
 */
export function ChatScreen({
  data,
  viewer,
  formError = null,
  failedSend = null,
}: {
  data: ChatScreenData;
  viewer: Viewer;
  /** Why a message posted without JavaScript was refused, or why its reply failed. */
  formError?: string | null;
  /** A message posted without JavaScript whose reply failed: it stays in the box, sent again under its key. */
  failedSend?: { text: string; clientKey: string } | null;
}) {
  const { access } = data;
  const signedIn = viewer.status === "authenticated" && access !== null;
  const hydrated = useHydrated();
  const titleId = useId();
  const formId = useId();
  const { initial, chat, chatFunction, changeMode, title, send, retry, inputRef } =
    useChatConversation({
      data,
      viewer,
      signedIn,
    });
  const { maximized, toggleMaximized } = useMaximizedPanel();

  return (
    <>
      <ChatPageHeader access={access} />

      <div className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-4 px-2 py-3 sm:px-6 sm:py-6">
        <ChatAccessNotices notice={initial.notice} access={access} refusal={chat.limitMessage} />

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
          <ChatPanelHeader
            titleId={titleId}
            title={title}
            newConversationHref={signedIn ? chatPath({ chatFunction, fresh: true }) : null}
            canMaximize={hydrated}
            maximized={maximized}
            onToggleMaximized={toggleMaximized}
          />

          <ChatLog
            entries={chat.entries}
            label={`Conversation with ${SITE.mentorName}`}
            className="flex-1"
            empty={<ChatGreeting access={access} viewer={viewer} chatFunction={chatFunction} />}
            retry={
              signedIn
                ? {
                    sessionId: chat.sessionId,
                    chatFunction,
                    busy: chat.streaming,
                    onRetry: retry,
                  }
                : undefined
            }
          />

          <ChatComposer
            formId={formId}
            sessionId={chat.sessionId}
            sendKey={failedSend?.clientKey ?? initial.sendKey}
            initialText={failedSend?.text}
            maxLength={initial.maxLength}
            disabled={!signedIn}
            streaming={chat.streaming}
            onSend={send}
            onStop={chat.stop}
            inputRef={inputRef}
            modeControl={<ModeSelect value={chatFunction} onChange={changeMode} />}
          >
            <ChatComposerNotes
              signedIn={signedIn}
              loginRedirectTo={chatPath({ chatFunction })}
              formError={formError}
            />
          </ChatComposer>
        </section>
      </div>
    </>
  );
}
