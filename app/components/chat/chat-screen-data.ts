/**
 * What the chat page's loader (app/routes/chatbot.tsx) hands the chat screen:
 * the viewer's access, the conversation to show and the mode of the next
 * message.
 */
import type { ChatFunction } from "~/lib/chat-functions";
import type { FeatureScreenAccess } from "~/lib/feature-screen";
import type { SavedChatMessage } from "./use-mentor-chat";

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
