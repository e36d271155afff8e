/**
 * The request side of /api/support/* and /api/admin/support/* (docs/api.md,
 * "Support tickets"): the ticket id in the path, and the dependencies the
 * ticket rules take. The rules are in app/models/support-tickets.server.ts.
 */
import { ApiResponse, apiError } from "~/http/api.server";
import { isTicketId, SUPPORT_MESSAGES } from "~/lib/support";
import type { AppContext } from "~/load-context";
import type { SupportDeps } from "~/models/support-tickets.server";

/** The path's ticket id; a malformed one answers 400. */
export function requireTicketIdParam(params: { id?: string }): string {
  if (!isTicketId(params.id)) {
    throw new ApiResponse(apiError(400, SUPPORT_MESSAGES.invalidTicketId));
  }
  return params.id;
}

export function supportDeps(request: Request, context: AppContext): SupportDeps {
  return {
    db: context.db,
    mail: context.mail,
    env: context.env,
    now: Date.now,
    waitUntil: context.waitUntil,
    origin: new URL(request.url).origin,
  };
}
