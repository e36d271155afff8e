import type { RefObject } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { formatRupees } from "~/lib/plans";
import { formatPercent, type AppliedPromo, type Notice } from "./plans-form";

/**
 * The promo-code box: typed in capitals, Enter or Apply validates it on the
 * server for the chosen plan, Remove takes it off. Its message sits under the
 * field (and is announced as a toast with JavaScript on).
 */
export function PromoBox({
  code,
  onCodeChange,
  applied,
  notice,
  applying,
  announce,
  inputRef,
}: {
  code: string;
  onCodeChange: (code: string) => void;
  applied: AppliedPromo | null;
  notice: Notice | null;
  applying: boolean;
  /** Without JavaScript the message arrives with the page, so it is announced as an alert. */
  announce: boolean;
  inputRef: RefObject<HTMLInputElement>;
}) {
  const invalid = notice?.tone === "error" && notice.title !== "Select a Plan";
  return (
    <section
      aria-labelledby="promo-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="promo-title" className="text-lg font-semibold text-slate-900">
        Have a promo code?
      </h2>
      <p className="mt-1 text-sm text-slate-600">Apply it to the plan you chose before you pay.</p>
      <label htmlFor="promo-code" className="mt-5 block text-sm font-medium text-slate-800">
        Promo code
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          ref={inputRef}
          id="promo-code"
          name="promoCode"
          type="text"
          value={code}
          onChange={(event) => onCodeChange(event.target.value.toUpperCase())}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={invalid || undefined}
          aria-describedby="promo-message"
          className={cn(
            "min-w-0 flex-1 rounded-lg border px-3 py-2.5 font-mono uppercase tracking-wide text-slate-900 placeholder:font-sans placeholder:normal-case placeholder:tracking-normal",
            invalid ? "border-red-600" : "border-slate-300",
          )}
          placeholder="e.g. EXAM20"
        />
        {/* The first submit button of the form: Enter in the field applies the code. */}
        <Button
          type="submit"
          name="intent"
          value="apply-promo"
          variant="secondary"
          aria-disabled={applying || undefined}
          className="sm:w-28"
        >
          {applying ? "Applying…" : "Apply"}
        </Button>
      </div>
      {applied ? (
        <div
          className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3"
          data-testid="applied-promo"
        >
          <p className="text-sm text-emerald-950">
            <span className="font-mono font-semibold">{applied.code}</span> applied:{" "}
            {formatPercent(applied.discountPercentage)} off, you save{" "}
            {formatRupees(applied.pricing.savingsPaise)}
          </p>
          <Button type="submit" name="intent" value="remove-promo" variant="secondary" size="sm">
            Remove<span className="sr-only"> promo code {applied.code}</span>
          </Button>
        </div>
      ) : null}
      <div
        id="promo-message"
        role={announce && notice ? (notice.tone === "error" ? "alert" : "status") : undefined}
        className="mt-3 min-h-5 text-sm"
      >
        {notice ? (
          <p className={notice.tone === "error" ? "text-red-700" : "text-slate-700"}>
            <span className="font-semibold">{notice.title}</span> – {notice.message}
          </p>
        ) : null}
      </div>
    </section>
  );
}
