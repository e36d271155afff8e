import type { AppContext } from "~/load-context";
import { ANONYMOUS, type Viewer } from "~/lib/viewer";

/**
 * Who is asking. Accounts, subscriptions and the trial fill this in; until a
 * session is found the viewer is anonymous.
 */
export async function getViewer(_request: Request, _context: AppContext): Promise<Viewer> {
  return ANONYMOUS;
}
