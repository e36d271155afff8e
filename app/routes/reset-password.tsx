import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { CodeInput } from "~/components/auth/code-input";
import { CodeExpiry } from "~/components/auth/countdown";
import { PasswordField, TextField } from "~/components/ui/fields";
import { FormAlert } from "~/components/auth/form-alert";
import { toastInvalidAccountForm } from "~/components/auth/invalid-form-toast";
import { ResendButton } from "~/components/auth/resend-button";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { AUTH_MESSAGES, AUTH_TITLES, titleForValidationMessage } from "~/lib/auth-messages";
import {
  checkResetPasswordForm,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "~/lib/auth-fields";
import { emailOnlySchema, resetPasswordSchema } from "~/lib/auth-schemas";
import { SITE } from "~/lib/site";
import { secondsUntilResend } from "~/models/auth-codes.server";
import { authDeps } from "~/models/auth-context.server";
import { authPageHeaders, PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { failureHeaders, resendFailed, pageAlert, pendingReset } from "~/routes/auth-pages.server";
import { requestPasswordReset, resetPassword } from "~/models/auth-password-reset.server";
import { clearSessionCookie, hasSessionCookie } from "~/models/session.server";
import { clientIp, THROTTLE_RULES } from "~/models/throttle.server";
import { redirectWithToast } from "~/http/toast.server";

export const meta: MetaFunction = () => [{ title: `Reset Password · ${SITE.name}` }];
export const headers = authPageHeaders;

const PASSWORD_FIELDS = ["newPassword", "confirmPassword"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const pending = await pendingReset.read(request, context.env);
  const deps = authDeps(context);
  return data(
    {
      email: pending?.email ?? "",
      expiresInSeconds: pending
        ? Math.max(0, Math.ceil((pending.codeExpiresAt - deps.now()) / 1000))
        : null,
      resendInSeconds: pending
        ? await secondsUntilResend(deps, "reset_password", pending.email)
        : 0,
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const deps = authDeps(context);
  const meta = { ip: clientIp(request) };

  if (formData.get("intent") === "resend") {
    const submission = parseWithZod(formData, { schema: emailOnlySchema });
    if (submission.status !== "success") {
      return data(
        {
          intent: "resend" as const,
          result: null,
          alert: pageAlert(
            "error",
            AUTH_TITLES.validationError,
            submission.error?.email?.[0] ?? AUTH_MESSAGES.emailRequired,
          ),
          clearCode: false,
          expiresInSeconds: null,
          resendInSeconds: null,
        },
        { status: 400 },
      );
    }
    const outcome = await requestPasswordReset(deps, submission.value, meta).catch(
      (error: unknown) => {
        console.error("[reset-password] resend", error);
        return null;
      },
    );
    if (!outcome || !outcome.ok) return resendFailed(outcome, AUTH_MESSAGES.resendResetCodeFailed);
    return data(
      {
        intent: "resend" as const,
        result: null,
        alert: pageAlert("success", AUTH_TITLES.codeSent, outcome.message),
        clearCode: true,
        expiresInSeconds: Math.max(
          0,
          Math.ceil((outcome.codeExpiresAt.getTime() - deps.now()) / 1000),
        ),
        resendInSeconds: Math.round(THROTTLE_RULES.codeResendCooldown.windowMs / 1000),
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

  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    const passwordMessage = PASSWORD_FIELDS.map((field) => errors[field]?.[0]).find(Boolean);
    const firstMessage = Object.values(errors).flat().find(Boolean) ?? AUTH_MESSAGES.requiredFields;
    return data(
      {
        intent: "reset" as const,
        result: submission.reply({ hideFields: PASSWORD_FIELDS }),
        alert: pageAlert(
          "error",
          titleForValidationMessage(passwordMessage ?? undefined),
          passwordMessage ?? firstMessage,
        ),
        clearCode: false,
        expiresInSeconds: null,
        resendInSeconds: null,
      },
      { status: 400 },
    );
  }
  const outcome = await resetPassword(deps, submission.value, meta).catch((error: unknown) => {
    console.error("[reset-password]", error);
    return null;
  });
  if (!outcome || !outcome.ok) {
    return data(
      {
        intent: "reset" as const,
        result: submission.reply({ hideFields: PASSWORD_FIELDS }),
        alert: pageAlert(
          "error",
          outcome?.status === 429 ? AUTH_TITLES.tooManyAttempts : AUTH_TITLES.passwordResetFailed,
          outcome?.message ?? AUTH_MESSAGES.passwordResetFailedRetry,
        ),
        clearCode: Boolean(outcome?.codeRejected),
        expiresInSeconds: null,
        resendInSeconds: null,
      },
      { status: outcome?.status ?? 500, headers: outcome ? failureHeaders(outcome) : undefined },
    );
  }
  const headers = new Headers({ "Set-Cookie": await pendingReset.clear(context.env) });
  // Every session of the account has ended; this browser's cookie goes too.
  if (hasSessionCookie(request, context.env))
    headers.append("Set-Cookie", await clearSessionCookie(context.env));
  return redirectWithToast(
    "/login",
    {
      type: "success",
      title: AUTH_TITLES.passwordReset,
      description: AUTH_MESSAGES.passwordResetDone,
    },
    context.env,
    { headers },
  );
}

export default function ResetPasswordPage() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/reset-password";
  const resending = busy && navigation.formData?.get("intent") === "resend";
  const resetting = busy && !resending;

  const [form, fields] = useForm({
    id: "reset-password",
    lastResult:
      navigation.state === "idle" && actionData?.intent === "reset" ? actionData.result : null,
    defaultValue: { email: loaderData.email },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // "Resend code" shares the form for its e-mail: only the address is checked then.
    onValidate: ({ formData }) => checkResetPasswordForm(formData),
  });

  const expiresInSeconds = actionData?.expiresInSeconds ?? loaderData.expiresInSeconds;
  const resendInSeconds = actionData?.resendInSeconds ?? loaderData.resendInSeconds;
  const clearKey = actionData?.clearCode ? actionData.alert.id : "initial";
  const timerKey = actionData?.intent === "resend" ? actionData.alert.id : "initial";

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the 6-digit code from your email and choose a new password."
      footer={
        <>
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
        action="/reset-password"
        {...getFormProps(form)}
        onSubmit={(event) => {
          toastInvalidAccountForm(
            event,
            checkResetPasswordForm,
            PASSWORD_FIELDS,
            "reset-password-invalid",
          );
          form.onSubmit(event);
        }}
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
        <div>
          <CodeInput
            name="code"
            label="Reset code"
            resetKey={clearKey}
            errorId={fields.code.errorId}
            invalid={Boolean(fields.code.errors?.length)}
          />
          <p id={fields.code.errorId} className="mt-1.5 text-sm text-red-700 empty:hidden">
            {fields.code.errors?.[0]}
          </p>
          {expiresInSeconds !== null ? (
            <div className="mt-2">
              <CodeExpiry key={timerKey} seconds={expiresInSeconds} />
            </div>
          ) : null}
        </div>
        <PasswordField
          meta={fields.newPassword}
          label="New password"
          hint={`${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters with an uppercase letter, a lowercase letter and a number.`}
          inputProps={{
            ...getInputProps(fields.newPassword, {
              type: "password",
              ariaDescribedBy: fields.newPassword.descriptionId,
            }),
            autoComplete: "new-password",
          }}
        />
        <PasswordField
          meta={fields.confirmPassword}
          label="Confirm new password"
          inputProps={{
            ...getInputProps(fields.confirmPassword, { type: "password" }),
            autoComplete: "new-password",
          }}
        />
        <Button
          type="submit"
          name="intent"
          value="reset"
          size="lg"
          className="w-full"
          disabled={resetting}
        >
          {resetting ? "Resetting…" : "Reset Password"}
        </Button>
        <p className="text-center text-sm text-slate-600">
          Didn&apos;t get the code?{" "}
          <ResendButton key={timerKey} seconds={resendInSeconds} pending={resending}>
            Resend code
          </ResendButton>
        </p>
      </Form>
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
