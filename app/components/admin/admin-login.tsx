import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { PasswordField, TextField } from "~/components/ui/fields";
import { FormAlert } from "~/components/auth/form-alert";
import { Button } from "~/components/ui/button";
import { ADMIN_PATH, adminLoginSchema } from "~/lib/admin";
import type { AuthAlert } from "~/lib/auth-messages";
import { cn } from "~/lib/cn";

/**
 * The admin panel's own login: username (the admin account's
 * e-mail) and password. A plain form post, so it works without JavaScript;
 * with JavaScript both fields are checked before it is sent.
 */
export function AdminLogin({
  notice,
  result,
  alert,
}: {
  notice: { type: "error" | "info"; message: string } | null;
  result: SubmissionResult<string[]> | null | undefined;
  alert: AuthAlert | null | undefined;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "login";
  const [form, fields] = useForm({
    id: "admin-login",
    lastResult: navigation.state === "idle" ? result : null,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminLoginSchema }),
  });

  return (
    <AuthCard title="Admin Login" subtitle="Sign in to manage MedMentor's promo codes.">
      {notice && !alert ? (
        <div
          role={notice.type === "error" ? "alert" : "status"}
          className={cn(
            "mb-5 rounded-xl border px-4 py-3 text-sm",
            notice.type === "error"
              ? "border-red-200 bg-red-50 text-red-900"
              : "border-brand-200 bg-brand-50 text-brand-900",
          )}
        >
          {notice.message}
        </div>
      ) : null}
      <FormAlert alert={alert} />
      <Form
        method="post"
        action={ADMIN_PATH}
        {...getFormProps(form)}
        noValidate
        className="space-y-5"
      >
        <input type="hidden" name="intent" value="login" />
        <TextField
          meta={fields.username}
          label="Username"
          hint="The e-mail address of your administrator account."
          inputProps={{
            ...getInputProps(fields.username, { type: "text" }),
            autoComplete: "username",
            autoCapitalize: "none",
            spellCheck: false,
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
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? "Signing in…" : "Login"}
        </Button>
      </Form>
    </AuthCard>
  );
}
