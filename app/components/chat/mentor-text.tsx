import { lazy, memo, Suspense } from "react";
import { MentorMarkdown } from "./markdown";

/**
 * A mentor reply, rendered as Markdown. The Markdown renderer is a sizeable
 * piece of script, so the browser fetches it on its own, after the page is
 * usable: replies saved earlier arrive rendered by the server and React keeps
 * that HTML until the renderer is in (a Suspense boundary hydrates late); a
 * reply streaming before then shows as plain text for a moment.
 */
const loadMarkdown = () => import("./markdown-chunk");

// On a connection too poor to fetch it, replies stay plain text rather than failing the page.
const LazyMarkdown = lazy(() => loadMarkdown().catch(() => ({ default: PlainText })));

const Renderer = import.meta.env.SSR ? MentorMarkdown : LazyMarkdown;

/** Starts fetching the renderer (call once the chat is on screen). */
export function preloadMentorText(): void {
  void loadMarkdown().catch(() => undefined);
}

function PlainText({ text }: { text: string }) {
  return <p className="whitespace-pre-wrap">{text}</p>;
}

export const MentorText = memo(function MentorText({ text }: { text: string }) {
  return (
    <Suspense fallback={<PlainText text={text} />}>
      <Renderer text={text} />
    </Suspense>
  );
});
