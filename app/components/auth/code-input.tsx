import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/components/ui/use-hydrated";

const LENGTH = 6;
const empty = () => Array.from({ length: LENGTH }, () => "");

/**
 * Six single-digit boxes that submit as one repeated field (`name` six times).
 * Digits only; typing moves on, Backspace moves back, arrow keys move, and a
 * pasted (or autofilled) code spreads over the boxes. Without JavaScript they
 * are six ordinary one-character inputs. Changing `resetKey` empties them.
 */
export function CodeInput({
  name,
  label,
  resetKey,
  errorId,
  invalid,
}: {
  name: string;
  label: string;
  resetKey?: unknown;
  errorId?: string;
  invalid?: boolean;
}) {
  const hydrated = useHydrated();
  const [digits, setDigits] = useState<string[]>(empty);
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    setDigits(empty());
    boxes.current[0]?.focus();
  }, [resetKey]);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  const spread = (start: number, text: string) => {
    const incoming = text.replace(/\D/g, "").slice(0, LENGTH);
    if (!incoming) return;
    // A whole code always fills from the first box.
    const from = incoming.length === LENGTH ? 0 : start;
    setDigits((current) => {
      const next = [...current];
      for (let offset = 0; offset < incoming.length && from + offset < LENGTH; offset++) {
        next[from + offset] = incoming[offset]!;
      }
      return next;
    });
    focusBox(from + incoming.length);
  };

  const onChange = (index: number, value: string) => {
    const typed = value.replace(/\D/g, "");
    if (typed.length <= 1) {
      setDigits((current) =>
        current.map((digit, position) => (position === index ? typed : digit)),
      );
      if (typed) focusBox(index + 1);
      return;
    }
    const previous = digits[index];
    if (typed.length === 2 && previous) {
      // Typed over a filled box: keep the new digit.
      const digit = typed.startsWith(previous) ? typed[1]! : typed[0]!;
      setDigits((current) => current.map((old, position) => (position === index ? digit : old)));
      focusBox(index + 1);
      return;
    }
    spread(index, typed);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Backspace" && !digits[index] && index > 0) {
      event.preventDefault();
      setDigits((current) =>
        current.map((digit, position) => (position === index - 1 ? "" : digit)),
      );
      focusBox(index - 1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    spread(index, event.clipboardData.getData("text"));
  };

  return (
    <fieldset>
      <legend className="mb-2 block text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex gap-2 sm:gap-3" data-testid="code-boxes">
        {digits.map((digit, index) => (
          <input
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            name={name}
            value={digit}
            onChange={(event) => onChange(index, event.target.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
            onFocus={(event) => event.target.select()}
            // Autofill of an SMS/e-mail code lands in the first box whole.
            maxLength={hydrated ? LENGTH : 1}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? "one-time-code" : "off"}
            aria-label={`Digit ${index + 1} of ${LENGTH}`}
            aria-invalid={invalid || undefined}
            aria-describedby={errorId}
            className={cn(
              "h-12 w-11 rounded-lg border border-slate-300 bg-white text-center text-xl font-semibold text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 sm:h-14 sm:w-12",
              invalid && "border-red-600",
            )}
          />
        ))}
      </div>
    </fieldset>
  );
}
