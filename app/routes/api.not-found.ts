import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiError, REQUEST_MESSAGES } from "~/http/api.server";

/** Any /api/* path no endpoint answers: the API's JSON 404, whatever the method. */
export async function loader(_args: LoaderFunctionArgs) {
  return apiError(404, REQUEST_MESSAGES.apiNotFound);
}

export async function action(_args: ActionFunctionArgs) {
  return apiError(404, REQUEST_MESSAGES.apiNotFound);
}
