import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { AuthCard, OrDivider } from "~/components/auth/auth-card";
import { CheckboxField, HiddenInput, PasswordField, TextField } from "~/components/ui/fields";
import { FormAlert } from "~/components/auth/form-alert";
import { GoogleButton } from "~/components/auth/google-button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { googleConfig } from "~/integrations/google.server";
import { API_FALLBACKS, AUTH_MESSAGES, AUTH_TITLES } from "~/lib/auth-messages";
import { safeRedirectPath } from "~/lib/auth-redirect";
import { checkLoginForm } from "~/lib/auth-fields";
import { loginSchema } from "~/lib/auth-schemas";
import { SITE } from "~/lib/site";
import { authDeps } from "~/models/auth-context.server";
import { authPageHeaders, PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import {
  failureHeaders,
  pageAlert,
  pendingVerification,
  signedInRedirect,
} from "~/routes/auth-pages.server";
import { loginWithPassword, requireAnonymous } from "~/models/auth.server";
import { clientIp } from "~/models/throttle.server";
import { redirectWithToast } from "~/http/toast.server";

export const meta: MetaFunction = () => [{ title: `Log In · ${SITE.name}` }];
export const headers = authPageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  return data(
    { redirectTo, googleEnabled: googleConfig(context.env) !== null },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: loginSchema });
  if (submission.status !== "success") {
    return data(
      {
        result: submission.reply({ hideFields: ["password"] }),
        alert: pageAlert("error", AUTH_TITLES.validationError, AUTH_MESSAGES.requiredFields),
      },
      { status: 400 },
    );
  }
  const { redirectTo, ...credentials } = submission.value;
  const outcome = await loginWithPassword(authDeps(context), credentials, {
    ip: clientIp(request),
  }).catch((error: unknown) => {
    console.error("[login]", error);
    return null;
  });
  if (!outcome) {
    return data(
      {
        result: submission.reply({ hideFields: ["password"] }),
        alert: pageAlert("error", AUTH_TITLES.loginFailed, API_FALLBACKS.login),
      },
      { status: 500 },
    );
  }
  if (!outcome.ok) {
    if (outcome.verificationRequired) {
      return redirectWithToast(
        "/verify-email",
        { type: "info", title: AUTH_TITLES.codeSent, description: outcome.message },
        context.env,
        {
          headers: {
            "Set-Cookie": await pendingVerification.set(
              context.env,
              outcome.verificationRequired.email,
            ),
          },
        },
      );
    }
    return data(
      {
        result: submission.reply({ hideFields: ["password"] }),
        alert: pageAlert(
          "error",
          outcome.status === 429 ? AUTH_TITLES.tooManyAttempts : AUTH_TITLES.loginFailed,
          outcome.message || AUTH_MESSAGES.loginFailedFallback,
        ),
      },
      { status: outcome.status, headers: failureHeaders(outcome) },
    );
  }
  return signedInRedirect(request, context, outcome, {
    to: safeRedirectPath(redirectTo),
    toast: {
      type: "success",
      title: AUTH_TITLES.welcomeBack,
      description: `Signed in as ${outcome.user.email}.`,
    },
  });
}

export default function LoginPage() {
  const { redirectTo, googleEnabled } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const submitting =
    navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  const [filled, setFilled] = useState({ email: false, password: false });

  const [form, fields] = useForm({
    id: "login",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    defaultValue: { redirectTo },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => checkLoginForm(formData),
  });

  // Sign In stays disabled while either field is empty (only when JavaScript runs).
  const incomplete = hydrated && (!filled.email || !filled.password);

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Log in to continue learning with your AI clinical mentor."
      footer={
        <>
          Don&apos;t have an account?{" "}
          <Link
            to="/register"
            className="font-semibold text-brand-800 underline-offset-2 hover:underline"
          >
            Register
          </Link>
        </>
      }
    >
      <FormAlert alert={actionData?.alert} />
      <Form
        method="post"
        action="/login"
        {...getFormProps(form)}
        noValidate
        className="space-y-5"
        onChange={(event) => {
          const values = new FormData(event.currentTarget);
          setFilled({
            email: String(values.get("email") ?? "").trim() !== "",
            password: String(values.get("password") ?? "") !== "",
          });
        }}
      >
        <HiddenInput props={getInputProps(fields.redirectTo, { type: "hidden" })} />
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
        <PasswordField
          meta={fields.password}
          label="Password"
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "current-password",
          }}
        />
        <div className="flex items-center justify-between gap-4">
          <CheckboxField
            meta={fields.rememberMe}
            inputProps={getInputProps(fields.rememberMe, { type: "checkbox" })}
          >
            Remember me
          </CheckboxField>
          <Link
            to="/forgot-password"
            className="text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
          >
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={incomplete || submitting}>
          {submitting ? "Signing in…" : "Sign In"}
        </Button>
      </Form>
      {googleEnabled ? (
        <>
          <OrDivider />
          <GoogleButton intent="login" redirectTo={redirectTo} />
        </>
      ) : null}
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
