import type { AppContext } from "~/load-context";
import { ANONYMOUS, type Viewer } from "~/lib/viewer";
import { getAuth } from "./auth.server";
import { toViewerUser } from "./user.server";

/**
 * Who is asking: the signed-in user behind the session cookie (or Bearer
 * token), else anonymous. Access (plan or trial) arrives with the plans work;
 * until then a signed-in user has none.
 */
export async function getViewer(request: Request, context: AppContext): Promise<Viewer> {
  const auth = await getAuth(request, context);
  if (!auth) return ANONYMOUS;
  return { status: "authenticated", user: toViewerUser(auth.user), access: { type: "none" } };
}
