import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  useState,
} from "react";
import { cn } from "~/lib/cn";
import { useHydrated } from "./use-hydrated";

/** The bits of conform's field metadata the wrappers need. */
export type FieldMeta = { id: string; errorId: string; descriptionId: string; errors?: string[] };

export const controlClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:outline-red-600 sm:text-sm";

export function Field({
  meta,
  label,
  hint,
  trailing,
  children,
}: {
  meta: FieldMeta;
  label: string;
  hint?: ReactNode;
  /** Beside the label, e.g. "Forgot password?". */
  trailing?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={meta.id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        {trailing}
      </div>
      {children}
      {hint ? (
        <p id={meta.descriptionId} className="mt-1.5 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <p id={meta.errorId} className="mt-1.5 text-sm text-red-700 empty:hidden">
        {meta.errors?.[0]}
      </p>
    </div>
  );
}

type InputProps = InputHTMLAttributes<HTMLInputElement> & { key?: string | undefined };

export function TextField({
  meta,
  label,
  inputProps,
  hint,
}: {
  meta: FieldMeta;
  label: string;
  inputProps: InputProps;
  hint?: ReactNode;
}) {
  const { key, ...props } = inputProps;
  return (
    <Field meta={meta} label={label} hint={hint}>
      <input key={key} {...props} className={controlClass} />
    </Field>
  );
}

/** A password input with a Show / Hide toggle (the toggle appears once JavaScript runs). */
export function PasswordField({
  meta,
  label,
  inputProps,
  hint,
  trailing,
}: {
  meta: FieldMeta;
  label: string;
  inputProps: InputProps;
  hint?: ReactNode;
  trailing?: ReactNode;
}) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const { key, ...props } = inputProps;
  return (
    <Field meta={meta} label={label} hint={hint} trailing={trailing}>
      <div className="relative">
        <input
          key={key}
          {...props}
          type={visible ? "text" : "password"}
          className={cn(controlClass, hydrated && "pr-16")}
          autoCapitalize="none"
          spellCheck={false}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-pressed={visible}
            aria-controls={meta.id}
            aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            className="absolute inset-y-1 right-1 rounded-md px-3 text-xs font-semibold text-brand-800 hover:bg-brand-50"
          >
            {visible ? "Hide" : "Show"}
          </button>
        ) : null}
      </div>
    </Field>
  );
}

export function SelectField({
  meta,
  label,
  selectProps,
  options,
  placeholder,
}: {
  meta: FieldMeta;
  label: string;
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { key?: string | undefined };
  options: readonly string[];
  placeholder: string;
}) {
  const { key, ...props } = selectProps;
  return (
    <Field meta={meta} label={label}>
      <select key={key} {...props} className={controlClass}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function CheckboxField({
  meta,
  inputProps,
  children,
}: {
  meta: FieldMeta;
  inputProps: InputProps;
  children: ReactNode;
}) {
  const { key, ...props } = inputProps;
  return (
    <div>
      <div className="flex items-start gap-2.5">
        <input
          key={key}
          {...props}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-400 text-brand-700 accent-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
        />
        <label htmlFor={meta.id} className="text-sm text-slate-700">
          {children}
        </label>
      </div>
      <p id={meta.errorId} className="mt-1.5 text-sm text-red-700 empty:hidden">
        {meta.errors?.[0]}
      </p>
    </div>
  );
}

/** A hidden input from conform's props (React wants `key` passed on its own, not spread). */
export function HiddenInput({ props }: { props: InputProps }) {
  const { key, ...rest } = props;
  return <input key={key} {...rest} />;
}
