import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { CodeInput } from "~/components/auth/code-input";
import { CodeExpiry } from "~/components/auth/countdown";
import { FormAlert } from "~/components/auth/form-alert";
import { ResendButton } from "~/components/auth/resend-button";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { API_FALLBACKS, AUTH_MESSAGES, AUTH_TITLES } from "~/lib/auth-messages";
import { checkVerifyEmailForm } from "~/lib/auth-fields";
import { verifyEmailSchema } from "~/lib/auth-schemas";
import { SITE } from "~/lib/site";
import { secondsUntilResend } from "~/models/auth-codes.server";
import { authDeps } from "~/models/auth-context.server";
import { authPageHeaders, PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import {
  failureHeaders,
  resendFailed,
  pageAlert,
  pendingVerification,
  signedInRedirect,
} from "~/routes/auth-pages.server";
import { resendVerificationCode, verifyEmail } from "~/models/auth-registration.server";
import { activeCodeExpiry, CODE_TTL_MS } from "~/models/one-time-code.server";
import { clientIp, THROTTLE_RULES } from "~/models/throttle.server";
import { redirectWithToast } from "~/http/toast.server";
import { findUserByEmail } from "~/models/user.server";
import { getAuth } from "~/models/auth.server";

export const meta: MetaFunction = () => [{ title: `Verify Your Email · ${SITE.name}` }];
export const headers = authPageHeaders;

async function requirePendingEmail(request: Request, context: AppLoadContext) {
  const env = context.env;
  const email = await pendingVerification.read(request, env);
  if (!email) {
    // Signed in already (Back after verifying): nothing to verify, and no registration is missing.
    if (await getAuth(request, context)) throw redirect("/");
    // No e-mail carried over from registration → back to /register.
    throw await redirectWithToast(
      "/register",
      {
        type: "error",
        title: AUTH_TITLES.registrationRequired,
        description: AUTH_MESSAGES.registrationRequired,
      },
      env,
    );
  }
  return email;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const email = await requirePendingEmail(request, context);
  const deps = authDeps(context);
  const user = await findUserByEmail(deps.db, email);
  if (user?.emailVerifiedAt) {
    throw await redirectWithToast(
      "/login",
      {
        type: "info",
        title: AUTH_TITLES.emailVerified,
        description: AUTH_MESSAGES.emailAlreadyVerified,
      },
      context.env,
      { headers: { "Set-Cookie": await pendingVerification.clear(context.env) } },
    );
  }
  const [expiresAt, resendInSeconds] = await Promise.all([
    user ? activeCodeExpiry({ db: deps.db, now: deps.now() }, user.id, "verify_email") : null,
    secondsUntilResend(deps, "verify_email", email),
  ]);
  return data(
    {
      email,
      expiresInSeconds: expiresAt ? Math.ceil((expiresAt.getTime() - deps.now()) / 1000) : 0,
      resendInSeconds,
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const email = await requirePendingEmail(request, context);
  const deps = authDeps(context);
  const formData = await request.formData();
  const meta = { ip: clientIp(request) };

  if (formData.get("intent") === "resend") {
    const outcome = await resendVerificationCode(deps, { email }, meta).catch((error: unknown) => {
      console.error("[verify-email] resend", error);
      return null;
    });
    if (!outcome || !outcome.ok) return resendFailed(outcome, API_FALLBACKS.resendOtp);
    return data({
      intent: "resend" as const,
      result: null,
      alert: pageAlert("success", AUTH_TITLES.codeSent, AUTH_MESSAGES.verificationCodeSent),
      clearCode: true,
      expiresInSeconds: Math.round(CODE_TTL_MS.verify_email / 1000),
      resendInSeconds: Math.round(THROTTLE_RULES.codeResendCooldown.windowMs / 1000),
    });
  }

  const submission = parseWithZod(formData, { schema: verifyEmailSchema });
  if (submission.status !== "success") {
    return data(
      {
        intent: "verify" as const,
        result: submission.reply(),
        alert: pageAlert("error", AUTH_TITLES.validationError, AUTH_MESSAGES.codeIncomplete),
        clearCode: false,
        expiresInSeconds: null,
        resendInSeconds: null,
      },
      { status: 400 },
    );
  }
  const outcome = await verifyEmail(deps, { email, code: submission.value.code }, meta).catch(
    (error: unknown) => {
      console.error("[verify-email]", error);
      return null;
    },
  );
  if (!outcome || !outcome.ok) {
    return data(
      {
        intent: "verify" as const,
        result: submission.reply({ resetForm: true }),
        alert: pageAlert(
          "error",
          outcome?.status === 429 ? AUTH_TITLES.tooManyAttempts : AUTH_TITLES.verificationFailed,
          outcome?.message ?? API_FALLBACKS.verifyEmail,
        ),
        clearCode: true,
        expiresInSeconds: null,
        resendInSeconds: null,
      },
      { status: outcome?.status ?? 500, headers: outcome ? failureHeaders(outcome) : undefined },
    );
  }
  return signedInRedirect(request, context, outcome, {
    to: "/",
    toast: {
      type: "success",
      title: AUTH_TITLES.emailVerified,
      description: AUTH_MESSAGES.emailVerified,
    },
    setCookies: [await pendingVerification.clear(context.env)],
  });
}

export default function VerifyEmailPage() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/verify-email";
  const verifying = busy && navigation.formData?.get("intent") !== "resend";
  const resending = busy && navigation.formData?.get("intent") === "resend";

  const [form, fields] = useForm({
    id: "verify-email",
    lastResult:
      navigation.state === "idle" && actionData?.intent === "verify" ? actionData.result : null,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => checkVerifyEmailForm(formData),
  });

  const expiresInSeconds = actionData?.expiresInSeconds ?? loaderData.expiresInSeconds;
  const resendInSeconds = actionData?.resendInSeconds ?? loaderData.resendInSeconds;
  // A wrong code or a new code empties the boxes; a new code restarts both timers.
  const clearKey = actionData?.clearCode ? actionData.alert.id : "initial";
  const timerKey = actionData?.intent === "resend" ? actionData.alert.id : "initial";

  return (
    <AuthCard
      title="Verify your email"
      subtitle={
        <>
          We sent a 6-digit code to{" "}
          <strong className="font-semibold text-slate-900">{loaderData.email}</strong>. Enter it
          below to activate your account.
        </>
      }
      footer={
        <>
          Wrong address?{" "}
          <Link
            to="/register"
            className="font-semibold text-brand-800 underline-offset-2 hover:underline"
          >
            Register again
          </Link>
        </>
      }
    >
      <FormAlert alert={actionData?.alert} />
      <Form
        method="post"
        action="/verify-email"
        {...getFormProps(form)}
        noValidate
        className="space-y-5"
      >
        <CodeInput
          name="code"
          label="Verification code"
          resetKey={clearKey}
          errorId={fields.code.errorId}
          invalid={Boolean(fields.code.errors?.length)}
        />
        <p id={fields.code.errorId} className="text-sm text-red-700 empty:hidden">
          {fields.code.errors?.[0]}
        </p>
        <CodeExpiry key={timerKey} seconds={expiresInSeconds} />
        <Button
          type="submit"
          name="intent"
          value="verify"
          size="lg"
          className="w-full"
          disabled={verifying}
        >
          {verifying ? "Verifying…" : "Verify Email"}
        </Button>
      </Form>
      <Form
        method="post"
        action="/verify-email"
        className="mt-4 text-center text-sm text-slate-600"
      >
        Didn&apos;t get the code?{" "}
        <ResendButton key={timerKey} seconds={resendInSeconds} pending={resending}>
          Resend code
        </ResendButton>
      </Form>
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
