/**
 * Remix options, shared by vite.config.ts (the Vite compiler does not read this
 * file on its own). The route table is written out in full so that every URL
 * the product answers is visible in one place; route modules live in app/routes.
 */
import type { VitePluginConfig } from "@remix-run/dev";

type DefineRoutes = Parameters<NonNullable<VitePluginConfig["routes"]>>[0];

/**
 * Every public URL of the product and the module that answers it. A module may
 * answer several URLs (the quiz and simulation API): its first URL's route id
 * is the file's name, the others' add their path.
 */
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
  ["/login", "routes/login.tsx"],
  ["/register", "routes/register.tsx"],
  ["/verify-email", "routes/verify-email.tsx"],
  ["/forgot-password", "routes/forgot-password.tsx"],
  ["/reset-password", "routes/reset-password.tsx"],
  ["/account", "routes/account.tsx"],
  ["/auth/google", "routes/auth.google.ts"],
  ["/auth/google/callback", "routes/auth.google-callback.ts"],
  // Learning features (guarded)
  ["/chatbot", "routes/chatbot.tsx"],
  ["/chat-history", "routes/chat-history.tsx"],
  ["/clinical-quizzes", "routes/clinical-quizzes.tsx"],
  ["/clinical-simulations", "routes/clinical-simulations.tsx"],
  ["/flashcards", "routes/flashcards.tsx"],
  ["/flashcards/export.csv", "routes/flashcards.export.ts"],
  ["/progress", "routes/progress.tsx"],
  // Study planner (Plus)
  ["/planner", "routes/planner.tsx"],
  ["/planner.ics", "routes/planner.ics.ts"],
  // Practice tests (Plus)
  ["/practice", "routes/practice.tsx"],
  ["/practice/:id", "routes/practice-test.tsx"],
  // Mock exams (Pro)
  ["/mock-exams", "routes/mock-exams.tsx"],
  ["/mock-exams/:id", "routes/mock-exam.tsx"],
  // Case studies (Pro)
  ["/case-studies", "routes/case-studies.tsx"],
  ["/case-studies/:id", "routes/case-study.tsx"],
  // Mentor feedback (Pro)
  ["/feedback", "routes/feedback.tsx"],
  ["/feedback/:id", "routes/feedback-report.tsx"],
  // Plans and payment
  ["/plans", "routes/plans.tsx"],
  ["/payment-success", "routes/payment-success.tsx"],
  ["/payment-cancelled", "routes/payment-cancelled.tsx"],
  // Hidden admin panel
  ["/admin_dashboard_2025", "routes/admin-dashboard.tsx"],
  ["/admin_dashboard_2025/questions", "routes/admin-questions.tsx"],
  ["/admin_dashboard_2025/support", "routes/admin-support.tsx"],
  // JSON API: accounts (000 §7), Bearer token in, JSON out
  ["/api/auth/register", "routes/api.auth.register.ts"],
  ["/api/auth/verify-email", "routes/api.auth.verify-email.ts"],
  ["/api/auth/resend-otp", "routes/api.auth.resend-otp.ts"],
  ["/api/auth/forgot-password", "routes/api.auth.forgot-password.ts"],
  ["/api/auth/reset-password", "routes/api.auth.reset-password.ts"],
  ["/api/auth/resend-reset-token", "routes/api.auth.resend-reset-token.ts"],
  ["/api/auth/login", "routes/api.auth.login.ts"],
  ["/api/auth/logout", "routes/api.auth.logout.ts"],
  ["/api/auth/google-auth", "routes/api.auth.google-auth.ts"],
  ["/api/auth/me", "routes/api.auth.me.ts"],
  ["/api/auth/profile", "routes/api.auth.profile.ts"],
  ["/api/auth/change-password", "routes/api.auth.change-password.ts"],
  // JSON API: mentor chat (001 §7) and the streamed reply
  ["/api/chats/stream", "routes/api.chats.stream.ts"],
  ["/api/chats/history", "routes/api.chats.history.ts"],
  ["/api/chats/message", "routes/api.chats.message.ts"],
  ["/api/chats/session", "routes/api.chats.session-create.ts"],
  ["/api/chats/session/:sessionId", "routes/api.chats.session.ts"],
  ["/api/chats/session/:sessionId/title", "routes/api.chats.session-title.ts"],
  // JSON API: quizzes and simulations (each module answers both kinds)
  ["/api/questions/report", "routes/api.questions.report.ts"],
  ["/api/quizzes/generate", "routes/api.assessments.generate.ts"],
  ["/api/quizzes/attempts", "routes/api.assessments.attempts.ts"],
  ["/api/quizzes/attempts/:attemptId", "routes/api.assessments.attempt.ts"],
  ["/api/quizzes/attempts/:attemptId/generate", "routes/api.assessments.attempt-generate.ts"],
  ["/api/quizzes/attempts/:attemptId/answers", "routes/api.assessments.attempt-answers.ts"],
  ["/api/quizzes/attempts/:attemptId/finish", "routes/api.assessments.attempt-finish.ts"],
  ["/api/quizzes/attempts/:attemptId/retake", "routes/api.assessments.attempt-retake.ts"],
  ["/api/quizzes/attempts/:attemptId/retest", "routes/api.assessments.attempt-retest.ts"],
  ["/api/simulations/generate", "routes/api.assessments.generate.ts"],
  ["/api/simulations/attempts", "routes/api.assessments.attempts.ts"],
  ["/api/simulations/attempts/:attemptId", "routes/api.assessments.attempt.ts"],
  ["/api/simulations/attempts/:attemptId/generate", "routes/api.assessments.attempt-generate.ts"],
  ["/api/simulations/attempts/:attemptId/answers", "routes/api.assessments.attempt-answers.ts"],
  ["/api/simulations/attempts/:attemptId/finish", "routes/api.assessments.attempt-finish.ts"],
  ["/api/simulations/attempts/:attemptId/retake", "routes/api.assessments.attempt-retake.ts"],
  ["/api/simulations/attempts/:attemptId/retest", "routes/api.assessments.attempt-retest.ts"],
  // JSON API: flashcards (001 §7)
  ["/api/flashcards", "routes/api.flashcards.ts"],
  ["/api/flashcards/categories", "routes/api.flashcards.categories.ts"],
  ["/api/flashcards/:id", "routes/api.flashcards.card.ts"],
  ["/api/flashcards/:id/study", "routes/api.flashcards.study.ts"],
  ["/api/flashcards/:id/archive", "routes/api.flashcards.archive.ts"],
  // JSON API: Plus features
  ["/api/progress", "routes/api.progress.ts"],
  ["/api/planner", "routes/api.planner.ts"],
  ["/api/planner/tasks/:id", "routes/api.planner.task.ts"],
  ["/api/practice-tests", "routes/api.practice.index.ts"],
  ["/api/practice-tests/:id", "routes/api.practice.item.ts"],
  ["/api/practice-tests/:id/answers", "routes/api.practice.answers.ts"],
  ["/api/practice-tests/:id/submit", "routes/api.practice.submit.ts"],
  ["/api/practice-tests/:id/mistakes", "routes/api.practice.mistakes.ts"],
  ["/api/mock-exams", "routes/api.mock-exams.ts"],
  ["/api/mock-exams/:id", "routes/api.mock-exams.attempt.ts"],
  ["/api/mock-exams/:id/answers", "routes/api.mock-exams.answers.ts"],
  ["/api/mock-exams/:id/submit", "routes/api.mock-exams.submit.ts"],
  ["/api/mock-exams/:id/results", "routes/api.mock-exams.results.ts"],
  ["/api/case-studies", "routes/api.case-studies.ts"],
  ["/api/case-studies/:id", "routes/api.case-studies.attempt.ts"],
  ["/api/case-studies/:id/actions", "routes/api.case-studies.actions.ts"],
  ["/api/case-studies/:id/finish", "routes/api.case-studies.finish.ts"],
  ["/api/case-studies/:id/results", "routes/api.case-studies.results.ts"],
  ["/api/feedback", "routes/api.feedback.ts"],
  ["/api/feedback/:id", "routes/api.feedback.report.ts"],
  ["/api/feedback/:id/tasks", "routes/api.feedback.tasks.ts"],
  // JSON API: payments, usage and trial (000 §7)
  ["/api/payments/plans", "routes/api.payments.plans.ts"],
  ["/api/payments/subscription/status", "routes/api.payments.subscription-status.ts"],
  ["/api/payments/promo-code/validate", "routes/api.payments.promo-code-validate.ts"],
  ["/api/payments/order/create", "routes/api.payments.order-create.ts"],
  ["/api/payments/order/cancel", "routes/api.payments.order-cancel.ts"],
  ["/api/payments/payment-button/generate", "routes/api.payments.payment-button-generate.ts"],
  ["/api/payments/payment/verify", "routes/api.payments.payment-verify.ts"],
  ["/api/payments/subscription/cancel", "routes/api.payments.subscription-cancel.ts"],
  ["/api/payments/usage/track", "routes/api.payments.usage-track.ts"],
  ["/api/payments/usage/check/:feature", "routes/api.payments.usage-check.ts"],
  [
    "/api/payments/subscription/create-after-payment",
    "routes/api.payments.subscription-create-after-payment.ts",
  ],
  [
    "/api/payments/payment/check-and-create-subscription",
    "routes/api.payments.payment-check-and-create-subscription.ts",
  ],
  ["/api/payments/subscription/create-direct", "routes/api.payments.subscription-create-direct.ts"],
  ["/api/usage", "routes/api.usage.index.ts"],
  ["/api/usage/check/:feature", "routes/api.usage.check.ts"],
  ["/api/usage/record/:feature", "routes/api.usage.record.ts"],
  ["/api/usage/check-and-record/:feature", "routes/api.usage.check-and-record.ts"],
  ["/api/usage/analytics", "routes/api.usage.analytics.ts"],
  ["/api/usage/reset/:userId", "routes/api.usage.reset.ts"],
  ["/api/trial/status", "routes/api.trial.status.ts"],
  ["/api/trial/feature/:feature/access", "routes/api.trial.feature-access.ts"],
  ["/api/trial/feature/:feature/usage", "routes/api.trial.feature-usage.ts"],
  ["/api/trial/analytics", "routes/api.trial.analytics.ts"],
  // JSON API: the admin dashboard (001 §7), admin Bearer token
  ["/api/admin/login", "routes/api.admin.login.ts"],
  ["/api/admin/logout", "routes/api.admin.logout.ts"],
  ["/api/admin/dashboard/stats", "routes/api.admin.dashboard-stats.ts"],
  ["/api/admin/promo-codes", "routes/api.admin.promo-codes.ts"],
  ["/api/admin/promo-codes/:code", "routes/api.admin.promo-code.ts"],
  ["/api/admin/promo-codes/:code/toggle", "routes/api.admin.promo-code-toggle.ts"],
  // JSON API: support tickets (docs/decisions/043-support-tickets.md); admin calls take the admin token
  ["/api/support/tickets", "routes/api.support.tickets.ts"],
  ["/api/support/tickets/:id", "routes/api.support.ticket.ts"],
  ["/api/support/tickets/:id/replies", "routes/api.support.ticket-replies.ts"],
  ["/api/admin/support/tickets", "routes/api.admin.support-tickets.ts"],
  ["/api/admin/support/tickets/:id/reply", "routes/api.admin.support-ticket-reply.ts"],
  ["/api/admin/support/tickets/:id/status", "routes/api.admin.support-ticket-status.ts"],
  // Any other /api/* path: the API's JSON 404
  ["/api/*", "routes/api.not-found.ts"],
  // Local development only (404 outside local mode)
  ["/dev/mailbox", "routes/dev.mailbox.tsx"],
  ["/dev/mailbox.json", "routes/dev.mailbox-json.ts"],
  // Local test checkout (local mode only; docs/decisions/018-payments.md)
  ["/dev/checkout", "routes/dev.checkout.tsx"],
  ["/dev/checkout.js", "routes/dev.checkout-js.ts"],
  ["/dev/checkout.json", "routes/dev.checkout-json.ts"],
  // Any other path: the not-found screen
  ["*", "routes/not-found.tsx"],
];

export const remixOptions = {
  appDirectory: "app",
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes: DefineRoutes) =>
    defineRoutes((route) => {
      const ids = new Set<string>();
      for (const [path, file] of routeTable) {
        const base = file.replace(/\.tsx?$/, "");
        const id = ids.has(base) ? `${base}${path.replace(/[^A-Za-z0-9]+/g, "-")}` : base;
        ids.add(id);
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
