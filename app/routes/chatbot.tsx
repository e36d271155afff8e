import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { chatPath } from "~/components/chat/chat-path";
import { ChatScreen } from "~/components/chat/chat-screen";
import type { ChatScreenData } from "~/components/chat/chat-screen-data";
import { isChatFunction, parseChatFunction } from "~/lib/chat-functions";
import {
  CHAT_MESSAGES,
  chatSendSchema,
  DEFAULT_CHAT_TITLE,
  isChatSessionId,
  MAX_MESSAGE_LENGTH,
  newChatSessionId,
} from "~/lib/chat-session";
import { SITE } from "~/lib/site";
import { ANONYMOUS } from "~/lib/viewer";
import { featureScreenAccess } from "~/models/access.server";
import { getAuth } from "~/models/auth.server";
import { chatReplyDeps, collectReply, sendKey, startReply } from "~/models/chat-reply.server";
import { getChatSession, latestChatOf, latestChatStatements } from "~/models/chat.server";
import { askToRide, leaveRide, rideResults } from "~/models/request-reads.server";
import { loginRedirectUrl } from "~/lib/auth-redirect";
import { usageDeps } from "~/models/usage.server";
import type { loader as rootLoader } from "~/root";
import { freshForEachLoad } from "~/models/page-copy.server";

export const meta: MetaFunction = () => [{ title: `Chat with AI Mentor · ${SITE.name}` }];

/**
 * The mentor chat. Visitors see it with the input disabled and a
 * prompt to log in; signed-in learners get the conversation from `sessionId`
 * (one that is not theirs, or unknown, starts a new one with a notice), else
 * their latest one, else a greeting; `new` asks for a new conversation and
 * `function` picks the mode of the next message. A new conversation's id is
 * made here, the spec's way (newChatSessionId), and taken with its first message.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const requestedFunction = url.searchParams.get("function");
  const requestedSession = url.searchParams.get("sessionId");
  const fresh = !requestedSession && url.searchParams.has("new");
  const page = {
    fresh,
    sendKey: freshForEachLoad(context.pageCopy),
    maxLength: MAX_MESSAGE_LENGTH,
  };
  const newConversation = {
    sessionId: freshForEachLoad(context.pageCopy, newChatSessionId),
    saved: false,
    title: DEFAULT_CHAT_TITLE,
    messages: [],
  };

  // The latest conversation goes with the chrome's batch when it can: one D1 round trip.
  const { db } = context;
  const ride =
    requestedSession || fresh
      ? null
      : askToRide(context.reads, db.$client, (userId) => latestChatStatements(db, userId));
  const auth = await getAuth(request, context);
  if (!auth) {
    if (ride) leaveRide(ride);
    return {
      ...page,
      access: null,
      conversation: newConversation,
      chatFunction: parseChatFunction(requestedFunction),
      notice: null,
    } satisfies ChatScreenData;
  }

  const userId = auth.user.id;
  const [access, session] = await Promise.all([
    featureScreenAccess(usageDeps(context), userId, "chatMessages"),
    requestedSession
      ? isChatSessionId(requestedSession)
        ? getChatSession(context.db, userId, requestedSession)
        : null
      : ride
        ? rideResults(ride, userId).then((results) => latestChatOf(db, results))
        : null,
  ]);
  return {
    ...page,
    access,
    conversation: session
      ? {
          sessionId: session.sessionId,
          saved: true,
          title: session.title,
          messages: session.messages.map(({ id, type, text, status, clientKey }) => ({
            id,
            type,
            text,
            status,
            upgrade: status === "error" && text.includes(CHAT_MESSAGES.upgrade),
            clientKey: type === "user" ? clientKey : null,
          })),
        }
      : newConversation,
    chatFunction: isChatFunction(requestedFunction)
      ? requestedFunction
      : (session?.function ?? parseChatFunction(null)),
    notice:
      requestedSession && !session
        ? `${CHAT_MESSAGES.sessionNotFound}. A new conversation has started.`
        : null,
  } satisfies ChatScreenData;
}

/** The page the message was sent from (the chat or the home page's demo), to go back to. */
function sentFrom(request: Request): string {
  const referer = request.headers.get("Referer");
  if (!referer) return "/chatbot";
  try {
    const from = new URL(referer);
    if (from.origin !== new URL(request.url).origin) return "/chatbot";
    return `${from.pathname}${from.search}`;
  } catch {
    return "/chatbot";
  }
}

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * A message sent without JavaScript: the same reply pipeline as the streaming
 * endpoint, run to its end, then back to the conversation (post/redirect/get)
 * showing the whole reply. Without a plan or trial the learner goes to /plans.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await getAuth(request, context);
  if (!auth) throw redirect(loginRedirectUrl(request));
  const form = await request.formData();
  const chatFunction = parseChatFunction(field(form, "function"));
  const input = {
    text: field(form, "text"),
    function: chatFunction,
    sessionId: field(form, "sessionId") || undefined,
    clientKey: field(form, "clientKey") || undefined,
  };
  const parsed = chatSendSchema.safeParse(input);
  if (!parsed.success) {
    // An empty message is ignored.
    if (!input.text.trim()) throw redirect(sentFrom(request));
    return data(
      { error: parsed.error.issues[0]?.message ?? "Please check your message.", failedSend: null },
      { status: 400 },
    );
  }

  const sessionId = parsed.data.sessionId ?? newChatSessionId();
  // The send's key, made here when the form had none, so a failed reply can be retried under it.
  const clientKey = sendKey(parsed.data);
  const started = await startReply(
    chatReplyDeps(context),
    auth.user.id,
    { ...parsed.data, sessionId, clientKey },
    request.signal,
  );
  if (started.status === "no-access" || started.status === "refused") throw redirect("/plans");
  if (started.status === "full")
    return data({ error: started.message, failedSend: null }, { status: 409 });
  // Someone else's conversation: the page says it was not found and starts a new one.
  if (started.status === "not-found") throw redirect(chatPath({ sessionId, chatFunction }));
  const { last } = await collectReply(started.events);
  if (last?.type === "error") {
    // No reply: the page comes back with the message still in the box, under the same key
    // (sending it again is the retry), and says what failed. The conversation shows the
    // learner's message, saved, with the failed reply and Retry.
    return data(
      {
        error: `${last.text} Your message is kept: send it again to retry.`,
        failedSend: { text: parsed.data.text, clientKey },
      },
      { status: 502 },
    );
  }
  throw redirect(`${chatPath({ sessionId, chatFunction })}#latest`);
}

export default function Chatbot() {
  const loaded = useLoaderData<typeof loader>();
  // A new screen for each visit to the page (another conversation, a new one); reloads of
  // its data after a reply keep the conversation on screen.
  const { key } = useLocation();
  const actionData = useActionData<typeof action>();
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer ?? ANONYMOUS;
  return (
    <ChatScreen
      key={key}
      data={loaded}
      viewer={viewer}
      formError={actionData?.error ?? null}
      failedSend={actionData?.failedSend ?? null}
    />
  );
}
