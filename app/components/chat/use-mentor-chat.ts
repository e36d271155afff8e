import { useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ChatFunction } from "~/lib/chat-functions";
import { CHAT_ERROR_MESSAGES, CHAT_RETRY_MESSAGES } from "~/lib/chat-messages";
import { streamMentorReply } from "./chat-stream";

export type ChatEntryStatus = "complete" | "stopped" | "error" | "waiting" | "streaming";

/** The send a failed reply belongs to: Retry sends the same text under the same key. */
export type RetrySend = { text: string; clientKey: string };

/** One message on screen: saved earlier, or sent and streaming now. */
export type ChatEntry = {
  key: string;
  type: "user" | "bot";
  text: string;
  status: ChatEntryStatus;
  /** Said under a reply that broke off (the connection dropped mid-reply): it is incomplete. */
  note: string | null;
  /** A used-up allowance: the reply offers the plans page. */
  upgrade: boolean;
  /** A reply that failed or was cut off: Retry sends this again. */
  retry: RetrySend | null;
  /** The failure happened just now (announced at once), not loaded with the page. */
  live?: boolean;
};

/** A message saved earlier, as the page's loader hands it over. */
export type SavedChatMessage = {
  id: number;
  type: "user" | "bot";
  text: string;
  status: "complete" | "stopped" | "error";
  /** The 'limit exceeded' answer: offer the plans page. */
  upgrade: boolean;
  /** The key of the send a learner's message was saved under (Retry reuses it). */
  clientKey: string | null;
};

/**
 * The saved conversation on screen. A learner's message left without a reply
 * (the reply failed) shows a failed reply in its place; the last one, and a
 * last reply saved as an error text, offer Retry with the send's own key.
 */
function entriesFromSaved(messages: readonly SavedChatMessage[]): ChatEntry[] {
  const entries: ChatEntry[] = [];
  messages.forEach((message, index) => {
    const last = index === messages.length - 1;
    const next = messages[index + 1];
    const previous = messages[index - 1];
    const retryOf = (user: SavedChatMessage | undefined): RetrySend | null =>
      user?.type === "user" && user.clientKey
        ? { text: user.text, clientKey: user.clientKey }
        : null;
    entries.push({
      key: `saved-${message.id}`,
      type: message.type,
      text: message.text,
      status: message.status,
      note: null,
      upgrade: message.upgrade,
      retry:
        last && message.type === "bot" && message.status === "error" && !message.upgrade
          ? retryOf(previous)
          : null,
    });
    if (message.type === "user" && next?.type !== "bot") {
      entries.push({
        key: `unanswered-${message.id}`,
        type: "bot",
        text: CHAT_RETRY_MESSAGES.unanswered,
        status: "error",
        note: null,
        upgrade: false,
        retry: last ? retryOf(message) : null,
      });
    }
  });
  return entries;
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
 * sending one (streamed in as it is written), Stop, and Retry of a reply
 * that failed or was cut off.
 *
 *   sessionId        the conversation's id: a saved one, or for a new
 *                    conversation the id the server made for it
 *                    (newChatSessionId), which it takes with its first message
 *   onReady          the server took a message (the conversation exists)
 *   onReplyEnd       a reply finished, whichever way (refresh the counts)
 *
 * The learner's message always stays on screen. A reply that failed shows the
 * failure with Retry; one cut off mid-way keeps what arrived, marked
 * incomplete, with Retry. Retry sends the same text under the same key, so
 * the server saves the message once and counts the send at most once.
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
  const entriesRef = useRef(entries);
  const callbacks = useRef({ onReady, onReplyEnd });
  useEffect(() => {
    callbacks.current = { onReady, onReplyEnd };
  }, [onReady, onReplyEnd]);
  useEffect(() => {
    entriesRef.current = entries;
  }, [entries]);

  // Leaving the page stops a reply in progress (the server keeps what arrived).
  useEffect(() => () => controllerRef.current?.abort(), []);

  const update = useCallback((key: string, patch: Partial<ChatEntry>) => {
    setEntries((list) => list.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)));
  }, []);

  /** Streams the reply to one send into the entry `botKey`; `userKey` is the learner's entry. */
  const run = useCallback(
    async (
      send: RetrySend,
      chatFunction: ChatFunction,
      keys: { user: string; bot: string },
      retrying: boolean,
    ) => {
      const { bot: botKey } = keys;
      const controller = new AbortController();
      controllerRef.current = controller;
      setStreaming(true);
      setLimitMessage(null);

      let received = "";
      const outcome = await streamMentorReply(
        { sessionId, text: send.text, function: chatFunction, clientKey: send.clientKey },
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

      const failed = (text: string, retry: RetrySend | null = send) =>
        update(botKey, { text, status: "error", note: null, retry, live: true });
      switch (outcome.kind) {
        case "done":
          update(botKey, { text: outcome.text || received, status: "complete" });
          break;
        case "failed":
          failed(outcome.text || CHAT_ERROR_MESSAGES.failed);
          break;
        case "stopped":
          update(botKey, { text: received, status: "stopped" });
          break;
        case "redirect":
          navigate(outcome.to);
          return;
        case "limit":
          setLimitMessage(outcome.message);
          if (retrying) {
            // The message was saved by an earlier attempt: it stays, and the reply says why none came.
            update(botKey, {
              text: outcome.message,
              status: "error",
              upgrade: true,
              retry: null,
              live: true,
            });
          } else {
            // The server saved nothing: the send leaves the conversation and the banner says why.
            setEntries((list) =>
              list.filter((entry) => entry.key !== keys.user && entry.key !== botKey),
            );
          }
          break;
        case "network":
          if (outcome.reached && received) {
            // What arrived stays, marked incomplete; Retry asks for the whole reply.
            update(botKey, {
              status: "error",
              note: CHAT_RETRY_MESSAGES.cutOff,
              retry: send,
              live: true,
            });
          } else {
            failed(CHAT_ERROR_MESSAGES.connection);
          }
          break;
        case "http":
          failed(
            httpFailureText(outcome.status, outcome.message),
            // A refused message (too long, storage full) would be refused again.
            outcome.status === 400 || outcome.status === 409 ? null : send,
          );
          break;
      }
      callbacks.current.onReplyEnd?.();
    },
    [navigate, sessionId, update],
  );

  const send = useCallback(
    async (rawText: string, chatFunction: ChatFunction): Promise<boolean> => {
      const text = rawText.trim();
      if (!text || controllerRef.current) return false;
      counter.current += 1;
      const keys = { user: `sent-${counter.current}-user`, bot: `sent-${counter.current}-bot` };
      setEntries((list) => [
        ...list,
        {
          key: keys.user,
          type: "user",
          text,
          status: "complete",
          note: null,
          upgrade: false,
          retry: null,
        },
        {
          key: keys.bot,
          type: "bot",
          text: "",
          status: "waiting",
          note: null,
          upgrade: false,
          retry: null,
        },
      ]);
      await run({ text, clientKey: randomKey() }, chatFunction, keys, false);
      return true;
    },
    [run],
  );

  /** Sends a failed or cut-off reply's message again, as the same send. */
  const retry = useCallback(
    async (entryKey: string, chatFunction: ChatFunction): Promise<boolean> => {
      const entry = entriesRef.current.find((item) => item.key === entryKey);
      if (!entry?.retry || controllerRef.current) return false;
      const again = entry.retry;
      update(entryKey, {
        text: "",
        status: "waiting",
        note: null,
        upgrade: false,
        retry: null,
        live: false,
      });
      await run(again, chatFunction, { user: "", bot: entryKey }, true);
      return true;
    },
    [run, update],
  );

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  return { sessionId, entries, streaming, send, retry, stop, limitMessage };
}
