import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PasswordField, SelectField, TextField } from "~/components/ui/fields";
import { PlanCard } from "~/components/account/plan-card";
import { FormAlert } from "~/components/auth/form-alert";
import { toastInvalidAccountForm } from "~/components/auth/invalid-form-toast";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import {
  API_FALLBACKS,
  AUTH_MESSAGES,
  AUTH_TITLES,
  titleForValidationMessage,
} from "~/lib/auth-messages";
import { changePasswordSchema, profileSchema } from "~/lib/auth-schemas";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, YEAR_OPTIONS } from "~/lib/auth-fields";
import { SITE } from "~/lib/site";
import { changePassword, updateProfile } from "~/models/account.server";
import { authDeps } from "~/models/auth-context.server";
import { authPageHeaders, PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { failureHeaders, pageAlert } from "~/routes/auth-pages.server";
import { requireUser } from "~/models/auth.server";
import { commitSessionCookie } from "~/models/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { getAccessSummary, subscriptionWithoutCounts, usageDeps } from "~/models/usage.server";
import { toPublicUser } from "~/models/user.server";

export const meta: MetaFunction = () => [{ title: `Your Account · ${SITE.name}` }];
export const headers = authPageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  const deps = usageDeps(context);
  // A subscriber's card shows the plan and its dates, no counts: none are read for it.
  const held = await subscriptionWithoutCounts(deps, user.id);
  const access = held
    ? { accessType: "subscription" as const, subscription: held.subscription, trial: null }
    : await getAccessSummary(deps, user.id);
  return data(
    {
      user: toPublicUser(user),
      plan: {
        accessType: access.accessType,
        subscription: access.subscription,
        trial: access.trial,
      },
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireUser(request, context);
  const deps = authDeps(context);
  const formData = await request.formData();

  if (formData.get("intent") === "password") {
    const submission = parseWithZod(formData, { schema: changePasswordSchema });
    if (submission.status !== "success") {
      const message =
        Object.values(submission.error ?? {})
          .flat()
          .find(Boolean) ?? AUTH_MESSAGES.requiredFields;
      return data(
        {
          intent: "password" as const,
          result: submission.reply({ hideFields: PASSWORD_FIELDS }),
          alert: pageAlert("error", titleForValidationMessage(message), message),
        },
        { status: 400 },
      );
    }
    const outcome = await changePassword(deps, auth, submission.value).catch((error: unknown) => {
      console.error("[account] change password", error);
      return null;
    });
    if (!outcome || !outcome.ok) {
      return data(
        {
          intent: "password" as const,
          result: submission.reply({ hideFields: PASSWORD_FIELDS }),
          alert: pageAlert(
            "error",
            outcome?.status === 429 ? AUTH_TITLES.tooManyAttempts : AUTH_TITLES.updateFailed,
            outcome?.message ?? API_FALLBACKS.changePassword,
          ),
        },
        { status: outcome?.status ?? 500, headers: outcome ? failureHeaders(outcome) : undefined },
      );
    }
    // A fresh page under the new session: this request's cookie belongs to the session just ended.
    return redirectWithToast(
      "/account",
      {
        type: "success",
        title: AUTH_TITLES.passwordChanged,
        description: AUTH_MESSAGES.passwordChanged,
      },
      context.env,
      { headers: { "Set-Cookie": await commitSessionCookie(context.env, outcome.session) } },
    );
  }

  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== "success") {
    const message =
      Object.values(submission.error ?? {})
        .flat()
        .find(Boolean) ?? AUTH_MESSAGES.requiredFields;
    return data(
      {
        intent: "profile" as const,
        result: submission.reply(),
        alert: pageAlert("error", AUTH_TITLES.validationError, message),
      },
      { status: 400 },
    );
  }
  const outcome = await updateProfile(deps, auth.user.id, submission.value).catch(
    (error: unknown) => {
      console.error("[account] profile", error);
      return null;
    },
  );
  if (!outcome || !outcome.ok) {
    return data(
      {
        intent: "profile" as const,
        result: submission.reply(),
        alert: pageAlert(
          "error",
          AUTH_TITLES.updateFailed,
          outcome?.message ?? API_FALLBACKS.profile,
        ),
      },
      { status: outcome?.status ?? 500 },
    );
  }
  return data({
    intent: "profile" as const,
    result: submission.reply(),
    alert: pageAlert("success", AUTH_TITLES.profileUpdated, AUTH_MESSAGES.profileUpdated),
  });
}

export default function AccountPage() {
  const { user, plan } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busyIntent =
    navigation.state !== "idle" && navigation.formAction === "/account"
      ? navigation.formData?.get("intent")
      : null;

  const [profileForm, profile] = useForm({
    id: "profile",
    lastResult:
      navigation.state === "idle" && actionData?.intent === "profile" ? actionData.result : null,
    defaultValue: {
      firstName: user.firstName,
      lastName: user.lastName,
      medicalSchool: user.medicalSchool ?? "",
      year: user.year ?? "",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });

  const [passwordForm, password] = useForm({
    id: "change-password",
    lastResult:
      navigation.state === "idle" && actionData?.intent === "password" ? actionData.result : null,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your account</h1>
      <p className="mt-2 text-slate-600">
        Signed in as <strong className="font-semibold text-slate-900">{user.email}</strong>
        {user.googleLinked ? " · linked to Google" : null}
      </p>

      <div className="mt-6">
        <FormAlert alert={actionData?.alert} />
      </div>

      <div className="space-y-8">
        <PlanCard {...plan} />
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 className="text-lg font-semibold text-slate-900">Profile</h2>
          <p className="mt-1 text-sm text-slate-600">
            Your name and studies, as the mentor knows them.
          </p>
          <Form
            method="post"
            action="/account"
            {...getFormProps(profileForm)}
            noValidate
            className="mt-6 space-y-5"
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                meta={profile.firstName}
                label="First name"
                inputProps={{
                  ...getInputProps(profile.firstName, { type: "text" }),
                  autoComplete: "given-name",
                }}
              />
              <TextField
                meta={profile.lastName}
                label="Last name"
                inputProps={{
                  ...getInputProps(profile.lastName, { type: "text" }),
                  autoComplete: "family-name",
                }}
              />
            </div>
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                meta={profile.medicalSchool}
                label="Medical school"
                inputProps={{
                  ...getInputProps(profile.medicalSchool, { type: "text" }),
                  autoComplete: "organization",
                }}
              />
              <SelectField
                meta={profile.year}
                label="Current year"
                selectProps={getSelectProps(profile.year)}
                options={YEAR_OPTIONS}
                placeholder="Select your year"
              />
            </div>
            <Button type="submit" name="intent" value="profile" disabled={busyIntent === "profile"}>
              {busyIntent === "profile" ? "Saving…" : "Save Profile"}
            </Button>
          </Form>
        </div>

        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 className="text-lg font-semibold text-slate-900">
            {user.hasPassword ? "Change password" : "Set a password"}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {user.hasPassword
              ? "Changing your password signs you out on every other device."
              : "You sign in with Google. Set a password to also log in with your email."}
          </p>
          <Form
            method="post"
            action="/account"
            {...getFormProps(passwordForm)}
            onSubmit={(event) => {
              toastInvalidAccountForm(
                event,
                (formData) => parseWithZod(formData, { schema: changePasswordSchema }),
                PASSWORD_FIELDS,
                "change-password-invalid",
              );
              passwordForm.onSubmit(event);
            }}
            noValidate
            className="mt-6 space-y-5"
          >
            {user.hasPassword ? (
              <PasswordField
                meta={password.currentPassword}
                label="Current password"
                inputProps={{
                  ...getInputProps(password.currentPassword, { type: "password" }),
                  autoComplete: "current-password",
                }}
              />
            ) : null}
            <div className="grid gap-5 sm:grid-cols-2">
              <PasswordField
                meta={password.newPassword}
                label="New password"
                hint={`${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters with an uppercase letter, a lowercase letter and a number.`}
                inputProps={{
                  ...getInputProps(password.newPassword, {
                    type: "password",
                    ariaDescribedBy: password.newPassword.descriptionId,
                  }),
                  autoComplete: "new-password",
                }}
              />
              <PasswordField
                meta={password.confirmPassword}
                label="Confirm new password"
                inputProps={{
                  ...getInputProps(password.confirmPassword, { type: "password" }),
                  autoComplete: "new-password",
                }}
              />
            </div>
            <Button
              type="submit"
              name="intent"
              value="password"
              disabled={busyIntent === "password"}
            >
              {busyIntent === "password"
                ? "Saving…"
                : user.hasPassword
                  ? "Change Password"
                  : "Set Password"}
            </Button>
          </Form>
        </div>

        <div className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <div>
            <h2 className="text-lg font-semibold text-slate-900">Log out</h2>
            <p className="mt-1 text-sm text-slate-600">End your session on this device.</p>
          </div>
          <Form method="post" action="/api/auth/logout">
            <Button type="submit" variant="secondary">
              Log out
            </Button>
          </Form>
        </div>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
