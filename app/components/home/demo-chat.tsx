import type { ReactNode } from "react";
import { ButtonLink } from "~/components/ui/button";
import { TRIAL } from "~/lib/features";
import { SITE } from "~/lib/site";
import { isSubscriber, type Viewer } from "~/lib/viewer";
import { loginHref } from "./links";
import { SectionHeading } from "./section-heading";

/**
 * The demo-chat section of the home page. Subscribers already have the full
 * chat, so it is hidden for them; everyone else sees an example exchange and
 * the one step that stands between them and asking their own question.
 */
export function DemoChatSection({ viewer }: { viewer: Viewer }) {
  if (isSubscriber(viewer)) return null;
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
          <ChatGate viewer={viewer} />
        </div>
        <ExampleConversation />
      </div>
    </section>
  );
}

function ChatGate({ viewer }: { viewer: Viewer }) {
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
    <GatePanel title="Your mentor is ready">
      <p>
        Pick up where the example leaves off: ask about a topic from today’s lecture or a case from
        the ward.
        {chatsLeft !== undefined
          ? ` Your free trial has ${chatsLeft} of ${TRIAL.usesPerFeature} chat uses left.`
          : null}
      </p>
      <ButtonLink to="/chatbot" className="mt-4">
        Open the AI mentor
      </ButtonLink>
    </GatePanel>
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
