import { useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ChatFunction } from "~/lib/chat-functions";
import { CHAT_ERROR_MESSAGES } from "~/lib/chat-messages";
import { saveShownError, streamMentorReply } from "./chat-stream";

export type ChatEntryStatus = "complete" | "stopped" | "error" | "waiting" | "streaming";

/** One message on screen: saved earlier, or sent and streaming now. */
export type ChatEntry = {
  key: string;
  type: "user" | "bot";
  text: string;
  status: ChatEntryStatus;
  /** Said under a reply that broke off (the connection dropped mid-reply). */
  note: string | null;
  /** A used-up allowance: the reply offers the plans page. */
  upgrade: boolean;
};

/** A message saved earlier, as the page's loader hands it over. */
export type SavedChatMessage = {
  id: number;
  type: "user" | "bot";
  text: string;
  status: "complete" | "stopped" | "error";
  /** The 'limit exceeded' answer: offer the plans page. */
  upgrade: boolean;
};

function entriesFromSaved(messages: readonly SavedChatMessage[]): ChatEntry[] {
  return messages.map((message) => ({
    key: `saved-${message.id}`,
    type: message.type,
    text: message.text,
    status: message.status,
    note: null,
    upgrade: message.upgrade,
  }));
}

function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}

/** What the chat shows when the reply endpoint answers something other than a stream. */
function httpFailureText(status: number, message: string | null): string {
  if (status === 429) return CHAT_ERROR_MESSAGES.busy;
  if ((status === 400 || status === 409) && message) return message;
  return CHAT_ERROR_MESSAGES.failed;
}

/**
 * A conversation with the mentor in the browser: the messages on screen,
 * sending one (streamed in as it is written) and Stop.
 *
 *   sessionId        the conversation's id: a saved one, or for a new
 *                    conversation the id the server made for it
 *                    (newChatSessionId), which it takes with its first message
 *   onReady          the server took a message (the conversation exists)
 *   onReplyEnd       a reply finished, whichever way (refresh the counts)
 */
export function useMentorChat({
  sessionId: initialSessionId,
  messages,
  onReady,
  onReplyEnd,
}: {
  sessionId: string;
  messages: readonly SavedChatMessage[];
  onReady?: (sessionId: string) => void;
  onReplyEnd?: () => void;
}) {
  const navigate = useNavigate();
  // Later loads of the page's data (the counts' refresh) do not replace what is on screen.
  const [entries, setEntries] = useState(() => entriesFromSaved(messages));
  const [sessionId] = useState(initialSessionId);
  const [streaming, setStreaming] = useState(false);
  /** The refusal of the last send (the allowance is spent): the limit banner shows it. */
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const counter = useRef(0);
  const callbacks = useRef({ onReady, onReplyEnd });
  useEffect(() => {
    callbacks.current = { onReady, onReplyEnd };
  }, [onReady, onReplyEnd]);

  // Leaving the page stops a reply in progress (the server keeps what arrived).
  useEffect(() => () => controllerRef.current?.abort(), []);

  const update = useCallback((key: string, patch: Partial<ChatEntry>) => {
    setEntries((list) => list.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)));
  }, []);

  const send = useCallback(
    async (rawText: string, chatFunction: ChatFunction): Promise<boolean> => {
      const text = rawText.trim();
      if (!text || controllerRef.current) return false;
      counter.current += 1;
      const userKey = `sent-${counter.current}-user`;
      const botKey = `sent-${counter.current}-bot`;
      setEntries((list) => [
        ...list,
        {
          key: userKey,
          type: "user",
          text,
          status: "complete",
          note: null,
          upgrade: false,
        },
        { key: botKey, type: "bot", text: "", status: "waiting", note: null, upgrade: false },
      ]);
      const controller = new AbortController();
      controllerRef.current = controller;
      setStreaming(true);
      setLimitMessage(null);

      let received = "";
      const outcome = await streamMentorReply(
        { sessionId, text, function: chatFunction, clientKey: randomKey() },
        controller.signal,
        {
          onReady: () => callbacks.current.onReady?.(sessionId),
          onDelta: (delta) => {
            received += delta;
            update(botKey, { text: received, status: "streaming" });
          },
        },
      );
      controllerRef.current = null;
      setStreaming(false);

      switch (outcome.kind) {
        case "done":
          update(botKey, { text: outcome.text || received, status: "complete" });
          break;
        case "failed":
          update(botKey, {
            text: outcome.text || CHAT_ERROR_MESSAGES.failed,
            status: "error",
            upgrade: outcome.limit,
          });
          break;
        case "stopped":
          update(botKey, { text: received, status: "stopped" });
          break;
        case "redirect":
          navigate(outcome.to);
          return true;
        case "limit":
          // The server saved nothing: the send leaves the conversation and the banner says why.
          setEntries((list) =>
            list.filter((entry) => entry.key !== userKey && entry.key !== botKey),
          );
          setLimitMessage(outcome.message);
          break;
        case "network":
          if (outcome.reached && received) {
            // What arrived stays (the server kept it too); the break is said under it.
            update(botKey, { status: "error", note: CHAT_ERROR_MESSAGES.connection });
          } else {
            update(botKey, { text: CHAT_ERROR_MESSAGES.connection, status: "error" });
            if (!outcome.reached) {
              void saveShownError({
                sessionId,
                text: CHAT_ERROR_MESSAGES.connection,
                function: chatFunction,
              });
            }
          }
          break;
        case "http": {
          const shown = httpFailureText(outcome.status, outcome.message);
          update(botKey, { text: shown, status: "error" });
          if (outcome.status === 429 || outcome.status >= 500) {
            // The server saved nothing for this send; keep the error in the conversation.
            void saveShownError({ sessionId, text: shown, function: chatFunction });
          }
          break;
        }
      }
      callbacks.current.onReplyEnd?.();
      return true;
    },
    [navigate, sessionId, update],
  );

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  return { sessionId, entries, streaming, send, stop, limitMessage };
}
