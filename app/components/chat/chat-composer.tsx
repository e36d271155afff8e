import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useId,
  useState,
} from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { SITE } from "~/lib/site";

/**
 * Where the learner writes. Enter sends, Shift+Enter starts a new line; while
 * a reply is written Send becomes Stop. Without JavaScript it is a plain form
 * post to the chat page, which answers with the whole reply.
 */
export function ChatComposer({
  formId,
  sessionId,
  sendKey,
  maxLength,
  disabled = false,
  streaming,
  onSend,
  onStop,
  inputRef,
  fields,
  modeControl,
  children,
  initialText = "",
}: {
  formId: string;
  /** The conversation the message belongs to (a form post without JavaScript needs it). */
  sessionId: string;
  /** Makes a repeated form post the same send. */
  sendKey: string;
  /** The longest message the server takes. */
  maxLength: number;
  disabled?: boolean;
  streaming: boolean;
  /** Resolves true when the message was taken (the box is emptied). */
  onSend: (text: string) => Promise<boolean>;
  onStop: () => void;
  inputRef: RefObject<HTMLTextAreaElement>;
  /** More hidden fields for the form post. */
  fields?: ReactNode;
  /** The mode selector, beside the box's label. */
  modeControl?: ReactNode;
  /** Shown above the box (the login prompt). */
  children?: ReactNode;
  /** What the box starts with (a message posted without JavaScript whose reply failed). */
  initialText?: string;
}) {
  const [text, setText] = useState(initialText);
  const hydrated = useHydrated();
  const inputId = useId();
  const hintId = useId();

  async function submit() {
    if (disabled || streaming) return;
    if (!text.trim()) {
      // An empty message is ignored.
      setText("");
      return;
    }
    const sent = text;
    setText("");
    const taken = await onSend(sent);
    if (!taken) setText(sent);
    const input = inputRef.current;
    const active = document.activeElement;
    const form = input?.form;
    if (input && (!active || active === document.body || form?.contains(active))) {
      input.focus({ preventScroll: true });
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  }

  return (
    <form
      id={formId}
      method="post"
      action="/chatbot"
      onSubmit={handleSubmit}
      className="border-t border-slate-200 bg-white px-3 py-3 sm:px-5"
    >
      <input type="hidden" name="sessionId" value={sessionId} />
      {sendKey ? <input type="hidden" name="clientKey" value={sendKey} /> : null}
      {fields}
      {children}
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          Message {SITE.mentorName}
        </label>
        {modeControl}
      </div>
      <div className="mt-1.5 flex items-end gap-2">
        <textarea
          ref={inputRef}
          id={inputId}
          name="text"
          rows={2}
          maxLength={maxLength}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
          disabled={disabled}
          aria-describedby={hintId}
          placeholder={
            disabled ? "Log in to ask a question" : "Ask about a topic, a case or your study plan…"
          }
          className={cn(
            "max-h-48 min-h-[2.75rem] w-full flex-1 resize-y rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30 sm:text-sm",
            disabled && "cursor-not-allowed bg-slate-100",
          )}
        />
        {streaming ? (
          <Button type="button" variant="secondary" onClick={onStop} className="shrink-0">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="currentColor">
              <rect x="6" y="6" width="12" height="12" rx="2" />
            </svg>
            Stop
          </Button>
        ) : (
          <Button type="submit" disabled={disabled} className="shrink-0">
            Send
          </Button>
        )}
      </div>
      <p id={hintId} className="mt-1.5 text-xs text-slate-600">
        {hydrated ? "Enter sends · Shift+Enter starts a new line. " : null}
        The mentor can be wrong: check anything important with your teachers and textbooks.
      </p>
    </form>
  );
}
