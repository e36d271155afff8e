import { data } from "@remix-run/cloudflare";
import type { AppEnv } from "~/env.server";

/** /dev/* exists only in local mode; everywhere else it is an ordinary 404. */
export function requireLocalMode(env: AppEnv) {
  if (!env.isLocal) throw data(null, { status: 404, statusText: "Not Found" });
}
