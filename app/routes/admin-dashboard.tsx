import { parseWithZod } from "@conform-to/zod/v4";
import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { RouteHandle } from "~/components/layout/page-chrome";
import { AdminLogin } from "~/components/admin/admin-login";
import { Dashboard } from "~/components/admin/dashboard";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  ADMIN_MESSAGES,
  ADMIN_PATH,
  adminHref,
  adminLoginSchema,
  createdMessage,
  createPromoSchema,
  indiaDate,
  OVERVIEW_TAB,
  tierFor,
} from "~/lib/admin";
import { percentToBasisPoints } from "~/lib/pricing";
import { SITE } from "~/lib/site";
import type { ToastInput } from "~/lib/toast";
import { adminDeps, adminLogin, adminLogout, adminPageAuth } from "~/models/admin-auth.server";
import { dashboardScreen, loginScreen } from "~/routes/admin-dashboard.server";
import { createPromoCodes, deletePromo, setPromoActive } from "~/models/admin-promo.server";
import {
  clearAdminCookie,
  commitAdminCookie,
  readAdminCookie,
} from "~/models/admin-session.server";
import { authPageHeaders } from "~/http/page-headers.server";
import { failureHeaders, pageAlert } from "~/routes/auth-pages.server";
import { clientIp } from "~/models/throttle.server";
import { redirectWithToast } from "~/http/toast.server";

export const handle: RouteHandle = { chrome: "admin" };

export const meta: MetaFunction = () => [
  { title: `Admin Dashboard · ${SITE.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

/** Never stored by a browser or proxy; a throttled login keeps its Retry-After. */
export const headers: HeadersFunction = authPageHeaders;

/**
 * The hidden admin panel: its own login form, then the promo-code
 * dashboard. Everything shown follows from the address, so it works without
 * JavaScript. Like every admin-only page, it sends a signed-in learner (a
 * non-admin) home to /; visitors with no session at all get the login form.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await adminPageAuth(request, context);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (auth.status !== "admin") {
    if (auth.hadCookie) headers.append("Set-Cookie", await clearAdminCookie(context.env));
    if (auth.status === "learner") throw redirect("/", { headers });
    return data(loginScreen(auth), { status: 200, headers });
  }
  const screen = await dashboardScreen(
    context.db,
    auth,
    new URL(request.url).searchParams,
    Date.now(),
  );
  return data(screen, { status: screen.data ? 200 : 503, headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "login") return login(request, context, formData);

  const auth = await adminPageAuth(request, context);
  if (auth.status === "learner") return redirect("/", 303);
  if (auth.status !== "admin") {
    const headers = auth.hadCookie
      ? { "Set-Cookie": await clearAdminCookie(context.env) }
      : undefined;
    const title =
      auth.status === "expired" ? ADMIN_MESSAGES.sessionExpired : ADMIN_MESSAGES.notAuthenticated;
    return redirectWithToast(ADMIN_PATH, { type: "error", title }, context.env, { headers });
  }

  const tab = new URL(request.url).searchParams.get("tab") ?? OVERVIEW_TAB;
  const back = (toast: ToastInput, to = adminHref(tab)) =>
    redirectWithToast(to, toast, context.env);
  const deps = { db: context.db, now: Date.now };
  const code = String(formData.get("code") ?? "");
  const failed = (title: string) => (error: unknown) => {
    console.error(`[admin] ${title}`, error);
    return back({ type: "error", title });
  };

  if (intent === "logout") {
    await adminLogout(adminDeps(context), auth.token, "page");
    return redirectWithToast(
      ADMIN_PATH,
      { type: "info", title: ADMIN_MESSAGES.loggedOut },
      context.env,
      { headers: { "Set-Cookie": await clearAdminCookie(context.env) } },
    );
  }

  if (intent === "create") {
    const submission = parseWithZod(formData, { schema: createPromoSchema(indiaDate(Date.now())) });
    if (submission.status !== "success") {
      return data(
        { intent: "create" as const, result: submission.reply(), alert: null },
        { status: 400 },
      );
    }
    const created = await createPromoCodes(deps, auth.session, submission.value).catch(
      (error: unknown) => {
        console.error("[admin] create", error);
        return null;
      },
    );
    if (!created || !created.ok) {
      const message = created?.message ?? ADMIN_MESSAGES.createFailed;
      return data(
        {
          intent: "create" as const,
          result: submission.reply({ fieldErrors: created ? { code: [message] } : {} }),
          alert: pageAlert("error", ADMIN_MESSAGES.createFailed, message),
        },
        { status: created?.status ?? 500 },
      );
    }
    const tierTab = tierFor(percentToBasisPoints(created.discountPercentage)).tab;
    return back(
      {
        type: "success",
        title: ADMIN_MESSAGES.created,
        description: createdMessage(created.codes),
      },
      adminHref(tierTab),
    );
  }

  if (intent === "toggle") {
    const isActive = formData.get("isActive") === "true";
    return setPromoActive(deps, auth.session, code, isActive).then(
      (toggled) =>
        toggled.ok
          ? back({
              type: "success",
              title: toggled.isActive ? ADMIN_MESSAGES.activated : ADMIN_MESSAGES.deactivated,
              description: toggled.code,
            })
          : back({
              type: "error",
              title: ADMIN_MESSAGES.toggleFailed,
              description: toggled.message,
            }),
      failed(ADMIN_MESSAGES.toggleFailed),
    );
  }

  if (intent === "delete") {
    return deletePromo(deps, auth.session, code).then(
      (deleted) =>
        deleted.ok
          ? back({ type: "success", title: ADMIN_MESSAGES.deleted, description: deleted.code })
          : back({
              type: "error",
              title: ADMIN_MESSAGES.deleteFailed,
              description: deleted.message,
            }),
      failed(ADMIN_MESSAGES.deleteFailed),
    );
  }

  return redirect(adminHref(tab));
}

async function login(request: Request, context: ActionFunctionArgs["context"], formData: FormData) {
  const submission = parseWithZod(formData, { schema: adminLoginSchema });
  const reply = () => submission.reply({ hideFields: ["password"] });
  if (submission.status !== "success") {
    return data(
      {
        intent: "login" as const,
        result: reply(),
        alert: pageAlert("error", "Login Failed", ADMIN_MESSAGES.loginFieldsRequired),
      },
      { status: 400 },
    );
  }
  const now = Date.now();
  const outcome = await adminLogin(adminDeps(context), submission.value, {
    ip: clientIp(request),
    via: "page",
  }).catch((error: unknown) => {
    console.error("[admin] login", error);
    return null;
  });
  if (!outcome?.ok) {
    return data(
      {
        intent: "login" as const,
        result: reply(),
        alert: pageAlert("error", "Login Failed", outcome?.message ?? ADMIN_MESSAGES.loginFailed),
      },
      { status: outcome?.status ?? 500, headers: outcome ? failureHeaders(outcome) : undefined },
    );
  }
  // The session this browser held before, if any, ends: one browser, one admin session.
  const previous = await readAdminCookie(request, context.env);
  if (previous) await adminLogout(adminDeps(context), previous, "page");
  return redirect(ADMIN_PATH, {
    headers: {
      "Set-Cookie": await commitAdminCookie(context.env, outcome.token, outcome.session, now),
    },
  });
}

export default function AdminDashboardPage() {
  const screen = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (screen.view === "login") {
    return (
      <AdminLogin
        notice={screen.notice}
        result={actionData?.intent === "login" ? actionData.result : null}
        alert={actionData?.intent === "login" ? actionData.alert : null}
      />
    );
  }
  return (
    <Dashboard
      screen={screen}
      createResult={actionData?.intent === "create" ? actionData.result : null}
      createAlert={actionData?.intent === "create" ? actionData.alert : null}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
