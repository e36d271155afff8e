import {
  vitePlugin as remix,
  cloudflareDevProxyVitePlugin as remixCloudflareDevProxy,
} from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./app/load-context";
import { remixOptions } from "./remix.config";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * Two hot paths of every page request, patched in copies of the modules the
 * app worker bundles (decision 049, docs/edge-cost.md). The server build
 * writes the copies to build/patched/ and wrangler.toml's [alias] points the
 * Worker's bundle at them; the browser bundle and `npm run dev` keep the
 * originals. Writing fails the build if a module no longer has the code an
 * edit expects.
 *
 * 1. Route matching (@remix-run/router). matchRoutes flattens and ranks every
 *    route, builds a RegExp for each path and tries the branches in order,
 *    each time it is called: four times per page request (the handler, the
 *    data query, the render, the partial manifest) over ~140 routes, about
 *    2.5 ms of CPU. On the server a route tree never changes once built, so
 *    the ranked branches are kept per routes array and, for the equal trees
 *    Remix rebuilds for each render, per tree shape (ids, paths, flags) with
 *    each branch pointed at the new tree's route objects; each compiled path
 *    is kept per pattern; the branch that first matched a path is tried
 *    first next time (the first match by construction; else the full loop).
 * 2. React's server renderer turns every dynamic string it writes (attribute
 *    names and values, text) into bytes with TextEncoder.encode, a call into
 *    the runtime of about 0.4 µs in workerd against 0.1 µs for a short ASCII
 *    string copied in JavaScript; a large page makes tens of thousands (7 ms
 *    of /progress). ASCII strings up to 512 characters are copied byte for
 *    byte, anything else still goes to TextEncoder: the bytes are the same.
 *    React only copies these arrays into its own buffer.
 */
const PATCHED_DIR = "build/patched";

const ROUTER_HELPERS = `
const rankedByArray = new WeakMap();
const rankedByShape = new Map();
function routeShape(routes) {
  let shape = "";
  for (const route of routes) {
    if (typeof route.id !== "string") return null;
    shape += route.id + "\\u0001" + (route.path ?? "") + "\\u0001" + (route.index === true ? 1 : 0) + (route.caseSensitive === true ? 1 : 0);
    if (route.children && route.children.length > 0) {
      const inner = routeShape(route.children);
      if (inner === null) return null;
      shape += "[" + inner + "]";
    }
    shape += "\\u0002";
  }
  return shape;
}
function routesById(routes, into = new Map()) {
  for (const route of routes) {
    into.set(route.id, route);
    if (route.children) routesById(route.children, into);
  }
  return into;
}
function rankedBranchesFor(routes) {
  let ranked = rankedByArray.get(routes);
  if (ranked !== undefined) return ranked;
  const shape = routeShape(routes);
  const template = shape === null ? undefined : rankedByShape.get(shape);
  if (template === undefined) {
    const branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    ranked = { branches, firstBranch: new Map() };
    if (shape !== null) {
      if (rankedByShape.size >= 20) rankedByShape.clear();
      rankedByShape.set(shape, ranked);
    }
  } else {
    const byId = routesById(routes);
    ranked = {
      firstBranch: template.firstBranch,
      branches: template.branches.map((branch) => ({
        ...branch,
        routesMeta: branch.routesMeta.map((meta) => ({ ...meta, route: byId.get(meta.route.id) })),
      })),
    };
  }
  rankedByArray.set(routes, ranked);
  return ranked;
}
const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  const key = (caseSensitive === true ? "1" : "0") + (end === false ? "0" : "1") + path;
  let compiled = compiledPaths.get(key);
  if (compiled === undefined) {
    if (compiledPaths.size >= 2000) compiledPaths.clear();
    compiled = compilePathUncached(path, caseSensitive, end);
    compiledPaths.set(key, compiled);
  }
  return compiled;
}
`;

type Edit = readonly [find: string, replace: string];

const SERVER_PATCHES: ReadonlyArray<{ from: string; to: string; edits: readonly Edit[] }> = [
  {
    from: "@remix-run/router/dist/router.cjs.js",
    to: "router.cjs",
    edits: [
      [
        "function compilePath(path, caseSensitive, end) {",
        "function compilePathUncached(path, caseSensitive, end) {",
      ],
      [
        "let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n  let matches = null;\n  let decoded = decodePath(pathname);",
        `let { branches, firstBranch } = rankedBranchesFor(routes);
  let matches = null;
  let decoded = decodePath(pathname);
  const firstKey = (allowPartial ? "1" : "0") + decoded;
  const first = firstBranch.get(firstKey);
  if (first !== undefined) {
    matches = matchRouteBranch(branches[first], decoded, allowPartial);
    if (matches != null) return matches;
  }`,
      ],
      [
        "    matches = matchRouteBranch(branches[i], decoded, allowPartial);\n  }\n  return matches;",
        `    matches = matchRouteBranch(branches[i], decoded, allowPartial);
    if (matches != null) {
      if (firstBranch.size >= 2000) firstBranch.clear();
      firstBranch.set(firstKey, i);
    }
  }
  return matches;`,
      ],
      ["function matchRoutesImpl(", `${ROUTER_HELPERS}\nfunction matchRoutesImpl(`],
    ],
  },
  {
    from: "react-dom/cjs/react-dom-server.browser.production.min.js",
    to: "react-dom-server.browser.production.min.cjs",
    edits: [
      // React 18 hands the stream a chunk every 512 bytes; React 19 raised it to 2,048. 4 KB: a
      // 150 KB page in ~40 chunks instead of ~300, each a call into the runtime's stream.
      ...[
        "l=new Uint8Array(512),n=0),a.enqueue(b)",
        "b=b.subarray(c)),l=new Uint8Array(512),n=0)",
        "function fd(a,b){l=new Uint8Array(512);",
        "ba(b);l=new Uint8Array(512);n=0;",
      ].map((find): Edit => [find, find.replace("512", "4096")]),
      ["if(512<b.length)", "if(4096<b.length)"],
      [
        "function u(a){return ca.encode(a)}",
        "function u(a){var n=a.length;if(n>512)return ca.encode(a);var b=new Uint8Array(n);" +
          "for(var i=0;i<n;i++){var c=a.charCodeAt(i);if(c>127)return ca.encode(a);b[i]=c}return b}",
      ],
    ],
  },
  {
    from: "react-dom/cjs/react-dom-server-legacy.browser.production.min.js",
    to: "react-dom-server-legacy.browser.production.min.cjs",
    edits: [],
  },
  {
    // react-dom/server for workerd, production builds only, the renderer from the patched copy.
    from: "react-dom/server.browser.js",
    to: "react-dom-server.cjs",
    edits: [
      [
        "if (process.env.NODE_ENV === 'production') {\n  l = require('./cjs/react-dom-server-legacy.browser.production.min.js');\n  s = require('./cjs/react-dom-server.browser.production.min.js');\n} else {\n  l = require('./cjs/react-dom-server-legacy.browser.development.js');\n  s = require('./cjs/react-dom-server.browser.development.js');\n}",
        "l = require('./react-dom-server-legacy.browser.production.min.cjs');\ns = require('./react-dom-server.browser.production.min.cjs');",
      ],
    ],
  },
];

function patchedServerModules(): Plugin {
  let ssrBuild = false;
  return {
    name: "medmentor:patched-server-modules",
    apply: "build",
    configResolved(config) {
      ssrBuild = Boolean(config.build.ssr);
    },
    closeBundle() {
      if (!ssrBuild) return;
      const require = createRequire(import.meta.url);
      mkdirSync(PATCHED_DIR, { recursive: true });
      for (const { from, to, edits } of SERVER_PATCHES) {
        // Files inside the package, whether or not its "exports" list them.
        const [scope, name, ...rest] = from.startsWith("@")
          ? from.split("/")
          : ["", ...from.split("/")];
        const pkg = scope ? `${scope}/${name}` : name!;
        const root = path.dirname(require.resolve(`${pkg}/package.json`));
        let code = readFileSync(path.join(root, ...rest), "utf8");
        for (const [find, replace] of edits) {
          if (code.split(find).length !== 2)
            throw new Error(`${from} no longer has "${find.slice(0, 50)}": review decision 049`);
          code = code.replace(find, replace);
        }
        // The original's source map does not describe the copy.
        writeFileSync(`${PATCHED_DIR}/${to}`, code.replace(/^\/\/# sourceMappingURL=.*$/m, ""));
      }
    },
  };
}

export default defineConfig({
  plugins: [
    patchedServerModules(),
    remixCloudflareDevProxy({ getLoadContext }),
    remix(remixOptions),
    tailwindcss(),
    tsconfigPaths(),
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  build: {
    // Keep chunks readable in size reports; the budget is checked by `npm run bench`.
    chunkSizeWarningLimit: 200,
  },
});
