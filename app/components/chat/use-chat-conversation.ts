/**
 * The conversation on the chat page: what was loaded with the page, the mode
 * of the next message, whether the conversation has started (and so has an
 * address of its own) and its title, kept in step with each send. Later loads
 * of the page's data (after each reply) do not replace what is on screen.
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { ChatFunction } from "~/lib/chat-functions";
import { isSubscriber, type Viewer } from "~/lib/viewer";
import { chatPath, showInAddressBar } from "./chat-path";
import type { ChatScreenData } from "./chat-screen-data";
import { preloadMentorText } from "./mentor-text";
import { useMentorChat } from "./use-mentor-chat";

export function useChatConversation({
  data,
  viewer,
  signedIn,
}: {
  data: ChatScreenData;
  viewer: Viewer;
  signedIn: boolean;
}) {
  const { revalidate } = useRevalidator();
  const inputRef = useRef<HTMLTextAreaElement>(null);

  // What was loaded with the page; later loads of its data (after each reply) only refresh the access.
  const [initial] = useState(data);
  const [chatFunction, setChatFunction] = useState(initial.chatFunction);
  const [started, setStarted] = useState(initial.conversation.saved);
  const [title, setTitle] = useState(initial.conversation.title);
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

  function retry(entryKey: string) {
    void chat.retry(entryKey, chatFunction);
  }

  // A refused first send started nothing: the conversation keeps its first title.
  const shownTitle = chat.limitMessage !== null && !started ? initial.conversation.title : title;

  return { initial, chat, chatFunction, changeMode, title: shownTitle, send, retry, inputRef };
}
