import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, OrDivider } from "~/components/auth/auth-card";
import { CheckboxField, PasswordField, SelectField, TextField } from "~/components/ui/fields";
import { FormAlert } from "~/components/auth/form-alert";
import { toastInvalidAccountForm } from "~/components/auth/invalid-form-toast";
import { GoogleButton } from "~/components/auth/google-button";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { googleConfig } from "~/integrations/google.server";
import { API_FALLBACKS, AUTH_MESSAGES, AUTH_TITLES, formProblem } from "~/lib/auth-messages";
import {
  checkRegisterForm,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  YEAR_OPTIONS,
} from "~/lib/auth-fields";
import { registerSchema } from "~/lib/auth-schemas";
import { SITE } from "~/lib/site";
import { authDeps } from "~/models/auth-context.server";
import { authPageHeaders, PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { failureHeaders, pageAlert, pendingVerification } from "~/routes/auth-pages.server";
import { registerAccount } from "~/models/auth-registration.server";
import { requireAnonymous } from "~/models/auth.server";
import { clientIp } from "~/models/throttle.server";
import { redirectWithToast } from "~/http/toast.server";

export const meta: MetaFunction = () => [{ title: `Create Your Account · ${SITE.name}` }];
export const headers = authPageHeaders;

const PASSWORD_FIELDS = ["password", "confirmPassword"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  return data(
    { googleEnabled: googleConfig(context.env) !== null },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: registerSchema });
  if (submission.status !== "success") {
    // The password rules get their own titles; anything else is a Validation Error.
    const problem = formProblem(submission.error ?? {}, PASSWORD_FIELDS);
    return data(
      {
        result: submission.reply({ hideFields: PASSWORD_FIELDS }),
        alert: pageAlert("error", problem.title, problem.message),
      },
      { status: 400 },
    );
  }
  const outcome = await registerAccount(authDeps(context), submission.value, {
    ip: clientIp(request),
  }).catch((error: unknown) => {
    console.error("[register]", error);
    return null;
  });
  if (!outcome || !outcome.ok) {
    return data(
      {
        result: submission.reply({ hideFields: PASSWORD_FIELDS }),
        alert: pageAlert(
          "error",
          outcome?.status === 429 ? AUTH_TITLES.tooManyAttempts : AUTH_TITLES.registrationFailed,
          outcome?.message ?? API_FALLBACKS.register,
        ),
      },
      { status: outcome?.status ?? 500, headers: outcome ? failureHeaders(outcome) : undefined },
    );
  }
  return redirectWithToast(
    "/verify-email",
    {
      type: "success",
      title: AUTH_TITLES.codeSent,
      description: AUTH_MESSAGES.registrationStarted,
    },
    context.env,
    { headers: { "Set-Cookie": await pendingVerification.set(context.env, outcome.email) } },
  );
}

export default function RegisterPage() {
  const { googleEnabled } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction === "/register";

  const [form, fields] = useForm({
    id: "register",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => checkRegisterForm(formData),
  });

  return (
    <AuthCard
      wide
      title="Create your account"
      subtitle="Join learners across India studying with an AI clinical mentor."
      footer={
        <>
          Already have an account?{" "}
          <Link
            to="/login"
            className="font-semibold text-brand-800 underline-offset-2 hover:underline"
          >
            Log in
          </Link>
        </>
      }
    >
      <FormAlert alert={actionData?.alert} />
      <Form
        method="post"
        action="/register"
        {...getFormProps(form)}
        onSubmit={(event) => {
          toastInvalidAccountForm(event, checkRegisterForm, PASSWORD_FIELDS, "register-invalid");
          form.onSubmit(event);
        }}
        noValidate
        className="space-y-5"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            meta={fields.firstName}
            label="First name"
            inputProps={{
              ...getInputProps(fields.firstName, { type: "text" }),
              autoComplete: "given-name",
            }}
          />
          <TextField
            meta={fields.lastName}
            label="Last name"
            inputProps={{
              ...getInputProps(fields.lastName, { type: "text" }),
              autoComplete: "family-name",
            }}
          />
        </div>
        <TextField
          meta={fields.email}
          label="Email"
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            autoComplete: "email",
            inputMode: "email",
            placeholder: "you@example.com",
          }}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            meta={fields.medicalSchool}
            label="Medical school"
            inputProps={{
              ...getInputProps(fields.medicalSchool, { type: "text" }),
              autoComplete: "organization",
              placeholder: "e.g. Grant Government Medical College",
            }}
          />
          <SelectField
            meta={fields.year}
            label="Current year"
            selectProps={getSelectProps(fields.year)}
            options={YEAR_OPTIONS}
            placeholder="Select your year"
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <PasswordField
            meta={fields.password}
            label="Password"
            hint={`${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters with an uppercase letter, a lowercase letter and a number.`}
            inputProps={{
              ...getInputProps(fields.password, {
                type: "password",
                ariaDescribedBy: fields.password.descriptionId,
              }),
              autoComplete: "new-password",
            }}
          />
          <PasswordField
            meta={fields.confirmPassword}
            label="Confirm password"
            inputProps={{
              ...getInputProps(fields.confirmPassword, { type: "password" }),
              autoComplete: "new-password",
            }}
          />
        </div>
        <CheckboxField
          meta={fields.acceptTerms}
          inputProps={getInputProps(fields.acceptTerms, { type: "checkbox" })}
        >
          I agree to the{" "}
          <Link to="/terms" className="font-semibold text-brand-800 underline underline-offset-2">
            Terms of Service
          </Link>{" "}
          and{" "}
          <Link to="/privacy" className="font-semibold text-brand-800 underline underline-offset-2">
            Privacy Policy
          </Link>
          .
        </CheckboxField>
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? "Creating your account…" : "Create Account"}
        </Button>
      </Form>
      {googleEnabled ? (
        <>
          <OrDivider />
          <GoogleButton intent="register" />
        </>
      ) : null}
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
