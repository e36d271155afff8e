import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { controlClass, Field } from "~/components/ui/fields";
import { toastInvalidSubmit } from "~/components/ui/invalid-submit-toast";
import { EXAM_IDS, EXAMS } from "~/lib/exams";
import {
  addDays,
  formatDate,
  type PlanSettings,
  PLANNER_PATH,
  STUDY_PLAN,
  studyPlanSettingsSchema,
  WEEKDAYS,
} from "~/lib/study-plan";

/**
 * The plan's settings: exam, its date, hours a day and days off. The same
 * schema checks it in the browser as it is filled in and on the server.
 * Saving lays the plan out from today (again): done tasks stay.
 */
export function PlanSettingsForm({
  today,
  settings,
  lastResult,
  rebuild,
}: {
  today: string;
  /** The plan's current settings, when there is a plan. */
  settings: PlanSettings | null;
  lastResult: SubmissionResult<string[]> | null;
  /** Whether saving replaces an existing plan (the button and the hint say so). */
  rebuild: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "settings";
  const schema = studyPlanSettingsSchema(today);
  const latest = addDays(today, STUDY_PLAN.maxDaysAhead);
  const [form, fields] = useForm<PlanSettings>({
    id: "plan-settings",
    lastResult: navigation.state === "idle" ? lastResult : null,
    defaultValue: {
      exam: settings?.exam ?? "",
      // A passed exam's date is no default for the next one.
      examDate: settings && settings.examDate > today ? settings.examDate : "",
      hoursPerDay: String(settings?.hoursPerDay ?? 6),
      daysOff: (settings?.daysOff ?? []).map(String),
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const chosenDaysOff = new Set(
    ([] as unknown[]).concat(fields.daysOff.initialValue ?? []).map(String),
  );

  return (
    <Form
      method="post"
      action={PLANNER_PATH}
      {...getFormProps(form)}
      onSubmit={(event) => {
        toastInvalidSubmit(event, schema, {
          id: "plan-settings-invalid",
          title: "Check your plan settings",
        });
        form.onSubmit(event);
      }}
      className="space-y-5"
    >
      <input type="hidden" name="intent" value="settings" />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field meta={fields.exam} label="Exam">
          <select
            {...getSelectProps(fields.exam)}
            key={fields.exam.key}
            required={false}
            className={controlClass}
          >
            <option value="">Choose your exam</option>
            {EXAM_IDS.map((exam) => (
              <option key={exam} value={exam}>
                {EXAMS[exam].name}
              </option>
            ))}
          </select>
        </Field>
        <Field
          meta={fields.examDate}
          label="Exam date"
          hint={`After today, on or before ${formatDate(latest)}.`}
        >
          <input
            {...getInputProps(fields.examDate, { type: "date" })}
            key={fields.examDate.key}
            // The schema's messages, not the browser's, explain a date out of range.
            required={false}
            min={addDays(today, 1)}
            max={latest}
            className={controlClass}
          />
        </Field>
        <Field
          meta={fields.hoursPerDay}
          label="Hours of study a day"
          hint="From 0.5 to 14, in half hours."
        >
          <input
            {...getInputProps(fields.hoursPerDay, { type: "number" })}
            key={fields.hoursPerDay.key}
            required={false}
            min={undefined}
            max={undefined}
            step={0.5}
            inputMode="decimal"
            className={controlClass}
          />
        </Field>
      </div>
      <fieldset aria-describedby={fields.daysOff.errorId}>
        <legend className="text-sm font-medium text-slate-800">Days off</legend>
        <p className="mt-1 text-xs text-slate-600">Days off get no tasks.</p>
        <div className="mt-2 flex flex-wrap gap-2">
          {WEEKDAYS.map((weekday) => (
            <label
              key={weekday.value}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="checkbox"
                name={fields.daysOff.name}
                value={String(weekday.value)}
                defaultChecked={chosenDaysOff.has(String(weekday.value))}
                className="size-4 accent-brand-700"
              />
              <span aria-hidden="true">{weekday.short}</span>
              <span className="sr-only">{weekday.name}</span>
            </label>
          ))}
        </div>
        <p id={fields.daysOff.errorId} className="mt-1.5 text-sm text-red-700 empty:hidden">
          {fields.daysOff.errors?.[0]}
        </p>
      </fieldset>
      {rebuild ? (
        <p className="text-sm text-slate-600">
          Saving rebuilds your plan from today. Tasks you have ticked stay in your history.
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={busy} aria-disabled={busy}>
        {busy ? "Building your plan…" : rebuild ? "Save and rebuild my plan" : "Build my plan"}
      </Button>
      <p aria-live="polite" className="sr-only">
        {busy ? "Building your plan…" : ""}
      </p>
    </Form>
  );
}
