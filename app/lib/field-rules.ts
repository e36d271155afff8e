/**
 * A form's text fields as plain rules: required or not, how long, what pattern,
 * and what each failure says. The zod schemas the server checks with are built
 * from these rules (app/lib/field-schema.ts), and the public forms check the
 * same rules in the browser with the few lines below instead of zod, which would
 * add about a quarter to those pages' JavaScript
 * (docs/decisions/027-client-validation-weight.md). The browser's check reports
 * each field's first problem, the one the forms show; the server's check stays
 * the real one.
 */
import { parse, type Submission } from "@conform-to/react";
import type { z } from "zod";

export type TextRule = {
  /** Said when the field is missing or blank. */
  required: string;
  /** Checked exactly as typed (passwords); other text loses its surrounding spaces first. */
  asTyped?: true;
  /** Rewrites the text before its length is checked, and in the value the server keeps. */
  normalize?: (text: string) => string;
  /** At least this many characters, and what is said otherwise. */
  min?: readonly [length: number, message: string];
  /** At most this many characters, and what is said otherwise. */
  max: readonly [length: number, message: string];
  /** A pattern or a test the text must pass, and what is said otherwise. */
  valid?: readonly [test: RegExp | ((text: string) => boolean), message: string];
};

/** The first problem zod would report for `value` under `rule`, or undefined. */
export function textProblem(value: unknown, rule: TextRule): string | undefined {
  if (typeof value !== "string") return rule.required;
  let text = rule.asTyped ? value : value.trim();
  if (text === "") return rule.required;
  if (rule.normalize) text = rule.normalize(text);
  if (rule.min && text.length < rule.min[0]) return rule.min[1];
  if (text.length > rule.max[0]) return rule.max[1];
  const [test, message] = rule.valid ?? [];
  if (test && !(typeof test === "function" ? test(text) : test.test(text))) return message;
  return undefined;
}

/**
 * Conform's submission for a form checked in the browser: each field's first
 * problem, typed as `Schema`'s submission so the page reads it as before. With
 * no problem, the values go to the server as typed, and the server parses them.
 */
export function checkForm<Schema extends z.ZodType>(
  formData: FormData,
  problems: (values: Record<string, unknown>) => Record<string, string | undefined>,
): Submission<z.input<Schema>, string[], z.output<Schema>> {
  const submission = parse(formData, {
    resolve(values) {
      const error: Record<string, string[]> = {};
      for (const [name, message] of Object.entries(problems(values))) {
        if (message) error[name] = [message];
      }
      return Object.keys(error).length > 0 ? { error } : { value: values };
    },
  });
  return submission as unknown as Submission<z.input<Schema>, string[], z.output<Schema>>;
}
