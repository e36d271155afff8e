/**
 * The mentor's first words in an empty conversation, fitted to the viewer: a
 * visitor is asked to log in, a learner without a plan to choose one, one
 * whose allowance is used up to upgrade; otherwise a welcome (with the
 * trial's allowance) and the mode the next message is asked in.
 */
import { CHAT_FUNCTION_LABELS, type ChatFunction } from "~/lib/chat-functions";
import type { FeatureScreenAccess } from "~/lib/feature-screen";
import { SITE } from "~/lib/site";
import type { Viewer } from "~/lib/viewer";
import { MentorNote } from "./chat-log";

export function ChatGreeting({
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
