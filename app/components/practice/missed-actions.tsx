import { Link, useActionData, useFetcher, useLocation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { MISTAKE_CHOICES } from "~/lib/practice";
import { MISTAKE_LABELS } from "~/lib/progress";

type MissedReply = { intent: "flashcard" | "mistake"; index: number; ok: boolean; message: string };

function isReply(
  value: unknown,
  intent: MissedReply["intent"],
  index: number,
): value is MissedReply {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as MissedReply).intent === intent &&
    (value as MissedReply).index === index
  );
}

/** The reply to this question's form: the fetcher's with JavaScript, the page's without. */
function useReply(intent: MissedReply["intent"], index: number) {
  const fetcher = useFetcher<MissedReply>({ key: `${intent}-${index}` });
  const actionData = useActionData();
  const reply = isReply(fetcher.data, intent, index)
    ? fetcher.data
    : isReply(actionData, intent, index)
      ? actionData
      : null;
  return { fetcher, reply, busy: fetcher.state !== "idle" };
}

function Reply({ reply }: { reply: MissedReply | null }) {
  if (!reply) return null;
  return reply.ok ? (
    <p role="status" className="text-sm font-medium text-emerald-800">
      {reply.message}
    </p>
  ) : (
    <p role="alert" className="text-sm font-medium text-red-800">
      {reply.message}
    </p>
  );
}

/**
 * Under a question answered wrong (or left unanswered, for the card): "Add
 * to flashcards" — a card from its takeaway, once — and the error log's
 * "Why did you miss it?". Both post in place with JavaScript; without it
 * the page comes back at this question with the answer.
 */
export function MissedActions({
  index,
  inFlashcards,
  mistake,
  canTag,
}: {
  index: number;
  inFlashcards: boolean;
  mistake: string | null;
  /** A wrong answer (not a blank one) can be tagged. */
  canTag: boolean;
}) {
  const location = useLocation();
  const action = `${location.pathname}${location.search}#q-${index + 1}`;
  const card = useReply("flashcard", index);
  const tag = useReply("mistake", index);
  const added = inFlashcards || (card.reply?.ok ?? false);
  return (
    <div className="mt-4 grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2">
      <div className="space-y-2">
        <h4 className="text-sm font-semibold text-slate-900">Remember it</h4>
        {added ? (
          <p className="text-sm text-slate-800">
            <span aria-hidden="true">✓ </span>
            In your flashcards.{" "}
            <Link to="/flashcards" className="font-semibold text-brand-800 underline">
              Review them
            </Link>
          </p>
        ) : (
          <card.fetcher.Form method="post" action={action} preventScrollReset>
            <input type="hidden" name="intent" value="flashcard" />
            <input type="hidden" name="index" value={index} />
            <Button type="submit" size="sm" variant="secondary" disabled={card.busy}>
              {card.busy ? "Adding…" : "Add to flashcards"}
            </Button>
          </card.fetcher.Form>
        )}
        <Reply reply={card.reply} />
      </div>
      {canTag ? (
        <tag.fetcher.Form method="post" action={action} preventScrollReset className="space-y-2">
          <input type="hidden" name="intent" value="mistake" />
          <input type="hidden" name="index" value={index} />
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900">Why did you miss it?</legend>
            <div className="mt-1 grid gap-1">
              {MISTAKE_CHOICES.map((choice) => (
                <label key={choice} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="mistake"
                    value={choice}
                    defaultChecked={(mistake ?? "none") === choice}
                    className="size-4 accent-brand-700"
                  />
                  {choice === "none" ? "No tag" : MISTAKE_LABELS[choice]}
                </label>
              ))}
            </div>
          </fieldset>
          <Button type="submit" size="sm" variant="secondary" disabled={tag.busy}>
            {tag.busy ? "Saving…" : "Save to error log"}
          </Button>
          <Reply reply={tag.reply} />
        </tag.fetcher.Form>
      ) : null}
    </div>
  );
}
