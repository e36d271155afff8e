import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { AuthCard } from "~/components/auth/auth-card";
import { HiddenInput, TextField } from "~/components/ui/fields";
import { FormAlert } from "~/components/auth/form-alert";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button, buttonClasses } from "~/components/ui/button";
import { AUTH_MESSAGES, AUTH_TITLES } from "~/lib/auth-messages";
import { checkEmailOnlyForm } from "~/lib/auth-fields";
import { emailOnlySchema } from "~/lib/auth-schemas";
import { SITE } from "~/lib/site";
import { requestPasswordReset } from "~/models/auth-password-reset.server";
import { authDeps } from "~/models/auth-context.server";
import { authPageHeaders, PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { failureHeaders, pageAlert, pendingReset } from "~/routes/auth-pages.server";
import { clientIp } from "~/models/throttle.server";

export const meta: MetaFunction = () => [{ title: `Forgot Password · ${SITE.name}` }];
export const headers = authPageHeaders;

/** The confirmation moves on to the reset page after 2 seconds. */
const CONTINUE_AFTER_MS = 2000;

export async function loader(_args: LoaderFunctionArgs) {
  return data({}, { headers: PRIVATE_PAGE_HEADERS });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const resend = formData.get("intent") === "resend";
  const submission = parseWithZod(formData, { schema: emailOnlySchema });
  if (submission.status !== "success") {
    return data(
      {
        sent: false as const,
        result: submission.reply(),
        alert: pageAlert(
          "error",
          AUTH_TITLES.validationError,
          submission.error?.email?.[0] ?? AUTH_MESSAGES.emailRequired,
        ),
      },
      { status: 400 },
    );
  }
  const outcome = await requestPasswordReset(authDeps(context), submission.value, {
    ip: clientIp(request),
  }).catch((error: unknown) => {
    console.error("[forgot-password]", error);
    return null;
  });
  if (!outcome || !outcome.ok) {
    const fallback = resend
      ? AUTH_MESSAGES.resendResetEmailFailed
      : AUTH_MESSAGES.sendResetEmailFailed;
    return data(
      {
        sent: resend,
        result: submission.reply(),
        email: submission.value.email,
        alert: pageAlert(
          "error",
          outcome?.status === 429 ? AUTH_TITLES.tooManyAttempts : AUTH_TITLES.requestFailed,
          outcome?.message ?? fallback,
        ),
      },
      { status: outcome?.status ?? 500, headers: outcome ? failureHeaders(outcome) : undefined },
    );
  }
  return data(
    {
      sent: true as const,
      result: submission.reply(),
      email: outcome.email,
      alert: pageAlert("success", AUTH_TITLES.codeSent, outcome.message),
    },
    {
      headers: {
        "Set-Cookie": await pendingReset.set(context.env, {
          email: outcome.email,
          codeExpiresAt: outcome.codeExpiresAt.getTime(),
        }),
      },
    },
  );
}

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction === "/forgot-password";

  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => checkEmailOnlyForm(formData),
  });

  if (actionData?.sent && "email" in actionData && actionData.email) {
    return (
      <CheckYourEmail email={actionData.email} alert={actionData.alert} submitting={submitting} />
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email you registered with and we will send you a 6-digit code to reset your password."
      footer={
        <>
          Remembered it?{" "}
          <Link
            to="/login"
            className="font-semibold text-brand-800 underline-offset-2 hover:underline"
          >
            Back to login
          </Link>
        </>
      }
    >
      <FormAlert alert={actionData?.alert} />
      <Form
        method="post"
        action="/forgot-password"
        {...getFormProps(form)}
        noValidate
        className="space-y-5"
      >
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
        <Button
          type="submit"
          name="intent"
          value="send"
          size="lg"
          className="w-full"
          disabled={submitting}
        >
          {submitting ? "Sending…" : "Send Reset Code"}
        </Button>
      </Form>
    </AuthCard>
  );
}

function CheckYourEmail({
  email,
  alert,
  submitting,
}: {
  email: string;
  alert: Parameters<typeof FormAlert>[0]["alert"];
  submitting: boolean;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/reset-password"), CONTINUE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [navigate, alert?.id]);

  return (
    <AuthCard
      title="Check your email"
      subtitle={
        <>
          If an account exists for <strong className="font-semibold text-slate-900">{email}</strong>
          , a 6-digit reset code is on its way. Taking you to the reset page…
        </>
      }
    >
      {/* Without JavaScript the browser moves on by itself after the same 2 seconds. */}
      <noscript>
        <meta httpEquiv="refresh" content={`${CONTINUE_AFTER_MS / 1000};url=/reset-password`} />
      </noscript>
      <FormAlert alert={alert} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to="/reset-password" className={buttonClasses("primary", "lg", "flex-1")}>
          Continue
        </Link>
        <Form method="post" action="/forgot-password" className="flex-1">
          <HiddenInput props={{ type: "hidden", name: "email", value: email }} />
          <Button
            type="submit"
            name="intent"
            value="resend"
            variant="secondary"
            size="lg"
            className="w-full"
            disabled={submitting}
          >
            {submitting ? "Sending…" : "Resend Code"}
          </Button>
        </Form>
      </div>
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
