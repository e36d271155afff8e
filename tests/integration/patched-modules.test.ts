/**
 * The Worker bundles patched copies of the router and React's server
 * renderer (build/patched/, decision 049). They must answer exactly as the
 * originals: every route of the route table matched the same way (again
 * from the caches, and on an equal tree rebuilt as Remix rebuilds one per
 * render), and the same HTML bytes for ASCII, Indian scripts, emoji and
 * long text, across many of the renderer's chunks.
 */
import { createElement as h } from "react";
import { describe, expect, it } from "vitest";
import type * as ReactDomServer from "react-dom/server";
import * as patchedRouter from "../../build/patched/router.cjs";
import * as patchedRenderer from "../../build/patched/react-dom-server.cjs";
import { routes as manifest } from "../../build/server/index.js";
// The originals by file, as published (plain JavaScript, typed below).
// @ts-expect-error -- no declaration file for this path
import * as originalRouter from "../../node_modules/@remix-run/router/dist/router.cjs.js";
// @ts-expect-error -- no declaration file for this path
import * as originalRenderer from "../../node_modules/react-dom/cjs/react-dom-server.browser.production.min.js";

const patched = patchedRouter;
const original = originalRouter as typeof patchedRouter;
const originalServer = originalRenderer as typeof ReactDomServer;
const patchedServer = patchedRenderer as unknown as typeof ReactDomServer;

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
};
type RouteObject = Omit<ManifestRoute, "parentId"> & { children?: RouteObject[] };
type Match = {
  route: RouteObject;
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
};
type MatchRoutes = (routes: RouteObject[], location: string) => Match[] | null;

/** The route tree as Remix builds it from the server build's manifest (a new tree each call). */
function routeTree(parentId: string | undefined = undefined): RouteObject[] {
  return Object.values(manifest as Record<string, ManifestRoute>)
    .filter((route) => route.parentId === parentId)
    .map(({ parentId: _parent, ...route }) => {
      const children = routeTree(route.id);
      return children.length > 0 ? { ...route, children } : { ...route };
    });
}

/** Every route's path with its parameters filled, and paths that test the edges. */
function samplePaths(): string[] {
  const paths = Object.values(manifest as Record<string, ManifestRoute>).flatMap((route) => {
    if (route.path === undefined) return [];
    const filled = `/${route.path.replace(/^\//, "")}`.replace(/:([\w-]+)\??/g, "abc-123");
    return [filled, `${filled}/`, filled.toUpperCase(), `${filled}/extra/segment`];
  });
  return [
    ...paths,
    "/",
    "/nowhere",
    "/api/nowhere/at/all",
    "/%E0%A4%A8%E0%A4%AE",
    "/quiz/%20space",
    "//double//slashes",
    "/assets/app.js",
  ];
}

const summary = (matches: Match[] | null) =>
  matches?.map(({ route, params, pathname, pathnameBase }) => ({
    id: route.id,
    params,
    pathname,
    pathnameBase,
  })) ?? null;

describe("the patched router", () => {
  const matchOriginal = original.matchRoutes as unknown as MatchRoutes;
  const matchPatched = patched.matchRoutes as unknown as MatchRoutes;

  it("matches every path as the original does, first time, from its caches, and on a rebuilt tree", () => {
    const paths = samplePaths();
    expect(paths.length).toBeGreaterThan(400);
    const first = routeTree();
    for (const path of paths) {
      const expected = summary(matchOriginal(routeTree(), path));
      expect(summary(matchPatched(first, path)), path).toEqual(expected);
      expect(summary(matchPatched(first, path)), `${path} again`).toEqual(expected);
      // An equal tree, as Remix builds for each render: the same answer, with this tree's route objects.
      const rebuilt = routeTree();
      const matches = matchPatched(rebuilt, path);
      expect(summary(matches), `${path} on a rebuilt tree`).toEqual(expected);
      const ids = new Map<string, RouteObject>();
      const collect = (routes: RouteObject[]) =>
        routes.forEach((route) => {
          ids.set(route.id, route);
          if (route.children) collect(route.children);
        });
      collect(rebuilt);
      for (const match of matches ?? []) expect(match.route).toBe(ids.get(match.route.id));
    }
  });

  it("answers a changed tree from its own routes, not the cache of another", () => {
    const tree = routeTree();
    expect(summary(matchPatched(tree, "/about"))?.at(-1)?.id).toBe("routes/about");
    const other = routeTree().filter((route) => route.id !== "root");
    other.push({ id: "elsewhere", path: "/about" });
    expect(summary(matchPatched(other, "/about"))?.at(-1)?.id).toBe("elsewhere");
    expect(summary(matchPatched(tree, "/about"))?.at(-1)?.id).toBe("routes/about");
  });

  it("compiles each pattern once yet matches as the original, to the end or not", () => {
    const cases: Array<[{ path: string; end?: boolean; caseSensitive?: boolean }, string]> = [
      [{ path: "/quiz/:id" }, "/quiz/42"],
      [{ path: "/quiz/:id", end: false }, "/quiz/42/results"],
      [{ path: "/quiz/:id" }, "/quiz/42/results"],
      [{ path: "/Quiz/:id", caseSensitive: true }, "/quiz/42"],
      [{ path: "/Quiz/:id", caseSensitive: false }, "/quiz/42"],
      [{ path: "/files/*" }, "/files/a/b/c"],
    ];
    for (let round = 0; round < 2; round += 1)
      for (const [pattern, path] of cases)
        expect(patched.matchPath(pattern, path), `${pattern.path} ${path}`).toEqual(
          original.matchPath(pattern, path),
        );
  });
});

async function html(server: typeof ReactDomServer, node: ReturnType<typeof h>): Promise<string> {
  const stream = await server.renderToReadableStream(node);
  return new Response(stream).text();
}

describe("the patched server renderer", () => {
  it("writes the same bytes as the original for every kind of text", async () => {
    const long = "Tachycardia with a narrow QRS ".repeat(40);
    const page = h(
      "main",
      { className: "mx-auto max-w-3xl px-4", "data-testid": "page", "aria-label": "नमस्ते" },
      h("h1", { title: "Café — résumé" }, "Heart failure in India: ₹2,499 a year"),
      h("p", null, "हिन्दी में प्रश्न · தமிழ் · বাংলা · 🩺💊"),
      h("p", { id: "long" }, long),
      h("p", { "data-long": long }, `${long}é`),
      h("input", { type: "text", defaultValue: "<script>&\"'", name: "q" }),
      ...Array.from({ length: 400 }, (_, index) =>
        h("span", { key: index, className: `item-${index}` }, `Row ${index} of 400`),
      ),
    );
    const expected = await html(originalServer, page);
    expect(expected).toContain("हिन्दी");
    // Long enough to fill the renderer's buffer several times over.
    expect(new TextEncoder().encode(expected).length).toBeGreaterThan(12_000);
    expect(await html(patchedServer, page)).toBe(expected);
  });
});
