/**
 * Every address a learner's copy may answer (app/http/learner-copies.server.ts):
 * each kept page, and its data as a navigation with JavaScript asks for it
 * (single fetch: `/_root.data` for the home page, `/page.data` otherwise).
 */
import { KEPT_PAGES } from "~/http/learner-copies.server";

const pageDataPath = (path: string) => (path === "/" ? "/_root.data" : `${path}.data`);

export const KEPT_ADDRESSES: readonly string[] = [...KEPT_PAGES].flatMap((path) => [
  path,
  pageDataPath(path),
]);
