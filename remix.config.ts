/**
 * Remix options, shared by vite.config.ts (the Vite compiler does not read this
 * file on its own). The route table is written out in full so that every URL
 * the product answers is visible in one place; route modules live in app/routes.
 */
import type { VitePluginConfig } from "@remix-run/dev";

type DefineRoutes = Parameters<NonNullable<VitePluginConfig["routes"]>>[0];

/** Every public URL of the product and the module that answers it. */
export const routeTable: ReadonlyArray<readonly [path: string, file: string]> = [
  // Public site
  ["/", "routes/home.tsx"],
  ["/features", "routes/features.tsx"],
  ["/about", "routes/about.tsx"],
  ["/contact", "routes/contact.tsx"],
  ["/support", "routes/support.tsx"],
  ["/privacy", "routes/privacy.tsx"],
  ["/terms", "routes/terms.tsx"],
  ["/debug", "routes/debug.tsx"],
  // Accounts
  // PENDING ["/login", "routes/login.tsx"],
  // PENDING ["/register", "routes/register.tsx"],
  // PENDING ["/verify-email", "routes/verify-email.tsx"],
  // PENDING ["/forgot-password", "routes/forgot-password.tsx"],
  // PENDING ["/reset-password", "routes/reset-password.tsx"],
  // Learning features (guarded)
  ["/chatbot", "routes/chatbot.tsx"],
  ["/chat-history", "routes/chat-history.tsx"],
  ["/clinical-quizzes", "routes/clinical-quizzes.tsx"],
  ["/clinical-simulations", "routes/clinical-simulations.tsx"],
  ["/flashcards", "routes/flashcards.tsx"],
  // Plans and payment
  ["/plans", "routes/plans.tsx"],
  // PENDING ["/payment-success", "routes/payment-success.tsx"],
  ["/payment-cancelled", "routes/payment-cancelled.tsx"],
  // Hidden admin panel
  // PENDING ["/admin_dashboard_2025", "routes/admin-dashboard.tsx"],
  // Local development only (404 outside local mode)
  ["/dev/mailbox", "routes/dev.mailbox.tsx"],
  ["/dev/mailbox.json", "routes/dev.mailbox-json.ts"],
  // Any other path: the not-found screen
  ["*", "routes/not-found.tsx"],
];

export const remixOptions = {
  appDirectory: "app",
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes: DefineRoutes) =>
    defineRoutes((route) => {
      for (const [path, file] of routeTable) {
        const id = file.replace(/\.tsx?$/, "");
        if (path === "/") route(undefined, file, { index: true, id });
        else route(path, file, { id });
      }
    }),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
} satisfies Partial<VitePluginConfig>;
