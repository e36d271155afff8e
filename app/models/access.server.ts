import type { AppContext } from "~/load-context";
import { hasAccess } from "~/lib/viewer";
import { requireSignedIn } from "./guards.server";
import { getViewer } from "./viewer.server";

/**
 * The access guard for /chatbot, /clinical-quizzes, /clinical-simulations and
 * /flashcards: anonymous visitors go to /login (remembering the page); signed-in
 * users learn whether they hold a subscription or an active trial.
 */
export async function requireFeatureViewer(request: Request, context: AppContext) {
  const viewer = requireSignedIn(request, await getViewer(request, context));
  return { viewer, hasAccess: hasAccess(viewer) };
}
