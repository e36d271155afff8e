import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import * as Dialog from "@radix-ui/react-dialog";
import { DialogCloseButton, DialogOverlay } from "~/components/ui/dialog";
import {
  Form,
  type FetcherWithComponents,
  Link,
  useFetcher,
  useLocation,
  useNavigation,
} from "@remix-run/react";
import { useRef, useState } from "react";
import { controlClass, Field, TextField } from "~/components/ui/fields";
import { FormAlert } from "~/components/auth/form-alert";
import { useHydrated } from "~/components/ui/use-hydrated";
import { Button, buttonClasses } from "~/components/ui/button";
import {
  ADMIN_TIERS,
  adminHref,
  createPromoSchema,
  defaultDescription,
  MAX_COUPONS_PER_CREATE,
  MAX_DESCRIPTION_LENGTH,
  suggestPromoCode,
  tierFor,
} from "~/lib/admin";
import type { AuthAlert } from "~/lib/auth-messages";

/** What the page's action answers a create that failed. */
export type CreateReply = { result?: SubmissionResult<string[]>; alert?: AuthAlert };

type FormProps = {
  id: string;
  /** The tab the form was opened on: its tier is the default discount, and errors come back to it. */
  tab: string;
  today: string;
  suggestions: Record<number, string>;
  lastResult: SubmissionResult<string[]> | null;
};

function defaultBasisPoints(tab: string): number {
  return ADMIN_TIERS.find((tier) => tier.tab === tab)?.basisPoints ?? ADMIN_TIERS[0]!.basisPoints;
}

/**
 * The create-coupon form: code, discount, count, naming, expiry and
 * description. The code starts as the tier's suggestion and follows the
 * discount until it is edited. The naming choice matters only for more than
 * one coupon: with JavaScript it appears when the count exceeds 1, without it
 * is always there with a note.
 */
function CreateCouponForm({
  id,
  tab,
  today,
  suggestions,
  lastResult,
  fetcher,
}: FormProps & {
  /** In the dialog the form posts through a fetcher, so errors come back without closing it. */
  fetcher?: FetcherWithComponents<CreateReply>;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const schema = createPromoSchema(today);
  const [basisPoints, setBasisPoints] = useState(() => defaultBasisPoints(tab));
  const [count, setCount] = useState(1);
  const codeEdited = useRef(false);
  const state = fetcher ? fetcher.state : navigation.state;
  const busy = fetcher
    ? fetcher.state !== "idle"
    : navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  const FormElement = fetcher ? fetcher.Form : Form;
  const percentage = tierFor(basisPoints).percentage;

  const [form, fields] = useForm({
    id,
    lastResult: state === "idle" ? lastResult : null,
    defaultValue: {
      code: suggestions[basisPoints] ?? "",
      discountPercentage: String(percentage),
      count: "1",
      namingOption: "same",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const suggest = (tierBasisPoints: number) =>
    form.update({ name: fields.code.name, value: suggestPromoCode(tierBasisPoints, Date.now()) });

  return (
    <FormElement
      method="post"
      action={adminHref(tab, { create: true })}
      {...getFormProps(form)}
      noValidate
      preventScrollReset
      className="space-y-5"
    >
      <input type="hidden" name="intent" value="create" />
      <div>
        <TextField
          meta={fields.code}
          label="Promo code"
          hint="Letters, digits, '-' or '_'; saved in capitals."
          inputProps={{
            ...getInputProps(fields.code, { type: "text" }),
            autoCapitalize: "characters",
            autoComplete: "off",
            spellCheck: false,
            maxLength: 40,
            onInput: () => (codeEdited.current = true),
          }}
        />
        {hydrated ? (
          <button
            type="button"
            className="mt-1.5 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
            onClick={() => {
              codeEdited.current = false;
              suggest(basisPoints);
            }}
          >
            Suggest a code
          </button>
        ) : null}
      </div>

      <Field meta={fields.discountPercentage} label="Discount">
        <select
          {...getSelectProps(fields.discountPercentage)}
          key={fields.discountPercentage.key}
          className={controlClass}
          onChange={(event) => {
            const tier = ADMIN_TIERS.find(
              (entry) => String(entry.percentage) === event.currentTarget.value,
            );
            if (!tier) return;
            setBasisPoints(tier.basisPoints);
            if (!codeEdited.current) suggest(tier.basisPoints);
          }}
        >
          {ADMIN_TIERS.map((tier) => (
            <option key={tier.tab} value={String(tier.percentage)}>
              {tier.label}
            </option>
          ))}
        </select>
      </Field>

      <TextField
        meta={fields.count}
        label="Number of coupons"
        hint={`1 to ${MAX_COUPONS_PER_CREATE}.`}
        inputProps={{
          ...getInputProps(fields.count, { type: "number" }),
          min: 1,
          max: MAX_COUPONS_PER_CREATE,
          step: 1,
          inputMode: "numeric",
          onInput: (event) => setCount(Number(event.currentTarget.value) || 1),
        }}
      />

      {!hydrated || count > 1 ? (
        <fieldset aria-describedby={hydrated ? undefined : `${id}-naming-note`}>
          <legend className="mb-1.5 block text-sm font-medium text-slate-800">Naming</legend>
          {hydrated ? null : (
            <p id={`${id}-naming-note`} className="mb-2 text-xs text-slate-600">
              Used only when creating more than one coupon.
            </p>
          )}
          <div className="space-y-2">
            {(
              [
                ["same", "Same name for all (one code, usable once per coupon)"],
                ["unique", "First as given, the others with random suffixes (one use each)"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-start gap-2.5 text-sm text-slate-700">
                <input
                  type="radio"
                  name={fields.namingOption.name}
                  value={value}
                  defaultChecked={(fields.namingOption.initialValue ?? "same") === value}
                  className="mt-0.5 size-4 accent-brand-700"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <input type="hidden" name={fields.namingOption.name} value="same" />
      )}

      <TextField
        meta={fields.expiryDate}
        label="Expiry date (optional)"
        hint="Valid through the end of this day, India time. Leave empty for no expiry."
        inputProps={{ ...getInputProps(fields.expiryDate, { type: "date" }), min: today }}
      />

      <TextField
        meta={fields.description}
        label="Description (optional)"
        inputProps={{
          ...getInputProps(fields.description, { type: "text" }),
          maxLength: MAX_DESCRIPTION_LENGTH,
          placeholder: defaultDescription(percentage),
        }}
      />

      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? "Creating…" : "Create Coupon"}
      </Button>
    </FormElement>
  );
}

/**
 * The create form as a step in the page (?create=1): where the Create Coupon
 * link leads without JavaScript, and where a post with errors comes back to.
 */
export function CreateCouponPanel({
  tab,
  today,
  suggestions,
  lastResult,
  alert,
}: Omit<FormProps, "id"> & { alert: AuthAlert | null }) {
  return (
    <section
      aria-labelledby="create-coupon-heading"
      className="mb-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id="create-coupon-heading" className="text-lg font-semibold text-slate-900">
          Create Coupon
        </h2>
        <Link
          to={adminHref(tab)}
          className="text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
        >
          Cancel
        </Link>
      </div>
      <div className="mt-5 max-w-lg">
        <FormAlert alert={alert} />
        <CreateCouponForm
          id="create-coupon"
          tab={tab}
          today={today}
          suggestions={suggestions}
          lastResult={lastResult}
        />
      </div>
    </section>
  );
}

/**
 * The Create Coupon button and its dialog. Without JavaScript the
 * button is a link to the form as a step in the page (CreateCouponPanel).
 */
export function CreateCoupon({ tab, today, suggestions }: Omit<FormProps, "id" | "lastResult">) {
  const hydrated = useHydrated();
  const location = useLocation();
  const fetcher = useFetcher<CreateReply>();
  // Open for the page it was opened on: the redirect after creating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;

  return (
    <>
      <Link
        to={adminHref(tab, { create: true })}
        preventScrollReset
        className={buttonClasses("primary", "md")}
        aria-haspopup={hydrated ? "dialog" : undefined}
        onClick={(event) => {
          event.preventDefault();
          setOpenOn(location.key);
        }}
      >
        Create Coupon
      </Link>
      <Dialog.Root open={open} onOpenChange={(next) => setOpenOn(next ? location.key : null)}>
        <Dialog.Portal>
          <DialogOverlay />
          <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl sm:p-8">
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              Create Coupon
            </Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-slate-600">
              New codes are active at once and apply to every plan.
            </Dialog.Description>
            <div className="mt-6">
              <FormAlert alert={fetcher.data?.alert} />
              <CreateCouponForm
                id="create-coupon-dialog"
                tab={tab}
                today={today}
                suggestions={suggestions}
                lastResult={fetcher.data?.result ?? null}
                fetcher={fetcher}
              />
            </div>
            <DialogCloseButton />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
