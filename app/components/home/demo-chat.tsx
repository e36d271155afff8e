import { useRevalidator } from "@remix-run/react";
import { type ReactNode, useId, useRef, useState } from "react";
import { ChatComposer } from "~/components/chat/chat-composer";
import { ChatLog, MentorNote } from "~/components/chat/chat-log";
import { preloadMentorText } from "~/components/chat/mentor-text";
import { useMentorChat } from "~/components/chat/use-mentor-chat";
import { ButtonLink } from "~/components/ui/button";
import { DEFAULT_CHAT_FUNCTION } from "~/lib/chat-functions";
import { TRIAL } from "~/lib/features";
import { SITE } from "~/lib/site";
import { isSubscriber, type Viewer } from "~/lib/viewer";
import { loginHref } from "./links";
import { SectionHeading } from "./section-heading";

/**
 * The demo-chat section of the home page. Subscribers already have
 * the full chat, so it is hidden for them. Visitors are asked to log in and
 * learners without a plan or trial to choose one, beside an example exchange;
 * trial learners get a small working chat instead: the same reply pipeline as
 * the chat page, in General mode, a new conversation each visit (saved to
 * their history), each reply counted against the trial like any other.
 */
export function DemoChatSection({
  viewer,
  chat,
}: {
  viewer: Viewer;
  /** This visit's conversation id and the longest message the server takes. */
  chat: { sessionId: string; maxLength: number };
}) {
  // A conversation under way stays on screen even if it used the trial's last reply.
  const [engaged, setEngaged] = useState(false);
  if (isSubscriber(viewer)) return null;
  const chatting = viewer.status === "authenticated" && (viewer.access.type === "trial" || engaged);
  return (
    <section aria-labelledby="demo-chat-title" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto grid max-w-7xl items-start gap-10 px-4 sm:px-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <SectionHeading
            id="demo-chat-title"
            eyebrow="Meet your mentor"
            title={`Ask ${SITE.mentorName}`}
            align="left"
          >
            <p>
              Short, reasoned answers that start from the physiology, end with what to look for at
              the bedside, and check that you followed along.
            </p>
          </SectionHeading>
          <ChatGate viewer={viewer} chatting={chatting} />
        </div>
        {chatting && viewer.status === "authenticated" ? (
          <DemoChat
            firstName={viewer.user.firstName}
            sessionId={chat.sessionId}
            maxLength={chat.maxLength}
            onStarted={() => setEngaged(true)}
          />
        ) : (
          <ExampleConversation />
        )}
      </div>
    </section>
  );
}

function ChatGate({ viewer, chatting }: { viewer: Viewer; chatting: boolean }) {
  if (viewer.status === "anonymous") {
    return (
      <GatePanel title="Log in to ask your own questions">
        <p>
          Sign in to chat with {SITE.mentorName}. New to {SITE.name}? Create an account and choose a
          plan or start a free trial.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <ButtonLink to={loginHref("/chatbot")}>Log in to chat</ButtonLink>
          <ButtonLink to="/register" variant="secondary">
            Create an account
          </ButtonLink>
        </div>
      </GatePanel>
    );
  }
  if (viewer.access.type === "none") {
    return (
      <GatePanel title="Choose a plan to start chatting">
        <p>
          You are signed in, {viewer.user.firstName}. Pick a plan and the mentor is ready when you
          are.
        </p>
        <ButtonLink to="/plans" className="mt-4">
          Choose Plan
        </ButtonLink>
      </GatePanel>
    );
  }
  const chatsLeft =
    viewer.access.type === "trial" ? viewer.access.trial.remaining.chatMessages : undefined;
  return (
    <GatePanel title={chatting ? "Ask your own question" : "Your mentor is ready"}>
      <p data-testid="demo-chat-allowance">
        {chatting
          ? "Try it here in General mode: each reply uses one chat message of your free trial, just like in the full chat, and the conversation is saved to your history."
          : "Pick up where the example leaves off: ask about a topic from today’s lecture or a case from the ward."}
        {chatsLeft !== undefined
          ? ` Your free trial has ${chatsLeft} of ${TRIAL.usesPerFeature} chat uses left.`
          : null}
      </p>
      <ButtonLink to="/chatbot" className="mt-4">
        {chatting ? "Open the full chat" : "Open the AI mentor"}
      </ButtonLink>
    </GatePanel>
  );
}

/** A small working chat for trial learners: General mode, a new conversation per visit. */
function DemoChat({
  firstName,
  sessionId,
  maxLength,
  onStarted,
}: {
  firstName: string;
  sessionId: string;
  maxLength: number;
  onStarted: () => void;
}) {
  const { revalidate } = useRevalidator();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const formId = useId();
  const chat = useMentorChat({
    sessionId,
    messages: [],
    onReady: onStarted,
    // The trial counts (here and in the navigation bar) follow each reply.
    onReplyEnd: revalidate,
  });

  function send(text: string) {
    preloadMentorText();
    return chat.send(text, DEFAULT_CHAT_FUNCTION);
  }

  return (
    <div
      className="flex h-[32rem] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm lg:col-span-3"
      data-testid="demo-chat"
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-3">
        <h3 className="text-sm font-semibold text-slate-900">Your conversation</h3>
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-900">
          General mode
        </span>
      </div>
      <ChatLog
        entries={chat.entries}
        label={`Conversation with ${SITE.mentorName}`}
        className="flex-1"
        empty={
          <MentorNote>
            <p>
              Hello {firstName}! I’m {SITE.mentorName}. Ask me about a topic from today’s lecture or
              a case from the ward.
            </p>
          </MentorNote>
        }
        retry={{
          sessionId: chat.sessionId,
          chatFunction: DEFAULT_CHAT_FUNCTION,
          busy: chat.streaming,
          onRetry: (entryKey) => void chat.retry(entryKey, DEFAULT_CHAT_FUNCTION),
        }}
      />
      <ChatComposer
        formId={formId}
        sessionId={chat.sessionId}
        sendKey=""
        maxLength={maxLength}
        streaming={chat.streaming}
        onSend={send}
        onStop={chat.stop}
        inputRef={inputRef}
        fields={<input type="hidden" name="function" value={DEFAULT_CHAT_FUNCTION} />}
      />
    </div>
  );
}

function GatePanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-8 rounded-2xl border border-brand-200 bg-white p-6 text-slate-700 shadow-sm">
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      <div className="mt-2 text-sm leading-relaxed">{children}</div>
    </div>
  );
}

type Message = { from: "learner" | "mentor"; paragraphs: readonly string[] };

const EXAMPLE: readonly Message[] = [
  {
    from: "learner",
    paragraphs: [
      "Why do patients with left heart failure get orthopnoea? I keep mixing it up with PND.",
    ],
  },
  {
    from: "mentor",
    paragraphs: [
      "They share one mechanism at two speeds. Lying flat returns blood from the legs and abdomen to the chest. A failing left ventricle cannot pump the extra volume forward, so pressure backs up into the pulmonary veins and fluid leaks into the lung interstitium.",
      "Orthopnoea: breathless within minutes of lying down, eased quickly by sitting up. PND: oedema fluid from the legs is reabsorbed over hours of sleep, so the patient wakes one to two hours later gasping, and it takes longer to settle.",
      "At the bedside, ask how many pillows they sleep on and whether that number has changed. Want three quick MCQs on heart failure signs?",
    ],
  },
  { from: "learner", paragraphs: ["Yes please, make them viva-style."] },
];

/** A static illustration of a mentor exchange, labelled as such; not a working chat. */
function ExampleConversation() {
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white shadow-sm lg:col-span-3">
      <figcaption className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-3">
        <span className="text-sm font-semibold text-slate-900">Example conversation</span>
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
          Illustration
        </span>
      </figcaption>
      <ol className="space-y-4 p-5">
        {EXAMPLE.map((message, index) => (
          <ChatBubble key={index} message={message} />
        ))}
      </ol>
    </figure>
  );
}

function ChatBubble({ message }: { message: Message }) {
  const mentor = message.from === "mentor";
  return (
    <li className={mentor ? "flex gap-3" : "flex justify-end"}>
      {mentor ? (
        <span
          aria-hidden="true"
          className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-700 text-xs font-bold text-white"
        >
          DM
        </span>
      ) : null}
      <div
        className={
          mentor
            ? "max-w-[85%] space-y-2 rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-3 text-sm leading-relaxed text-slate-800"
            : "max-w-[85%] space-y-2 rounded-2xl rounded-tr-sm bg-brand-700 px-4 py-3 text-sm leading-relaxed text-white"
        }
      >
        <p className="sr-only">{mentor ? `${SITE.mentorName}:` : "Learner:"}</p>
        {message.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </li>
  );
}
