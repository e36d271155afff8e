/**
 * The zod schema for a text field's rule (app/lib/field-rules.ts), the check the
 * server runs. It reports every problem unless `stopAtFirst`; the browser's
 * quick check reports the first of them.
 */
import { z } from "zod";
import type { TextRule } from "./field-rules";

export function textSchema(rule: TextRule, { stopAtFirst = false } = {}) {
  const abort = stopAtFirst;
  let schema = z.string({ error: rule.required });
  if (!rule.asTyped) schema = schema.trim();
  schema = schema.min(1, { error: rule.required, abort });
  if (rule.normalize) schema = schema.overwrite(rule.normalize);
  if (rule.min) schema = schema.min(rule.min[0], { error: rule.min[1], abort });
  schema = schema.max(rule.max[0], { error: rule.max[1], abort });
  if (rule.valid) {
    const [test, message] = rule.valid;
    schema =
      typeof test === "function"
        ? schema.refine(test, { error: message, abort })
        : schema.regex(test, { error: message, abort });
  }
  return schema;
}
