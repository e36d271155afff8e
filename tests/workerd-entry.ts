// The worker the workers-pool tests run: the app worker's handler, plus the
// per-user Durable Object class that production hosts in its own script.
//
// The app (the Remix server build and everything it imports) is loaded on the
// first request, not when a test file starts: about half the test files never
// call the worker, and loading the build costs each of them seconds.
export { Throttle, UserMeter } from "../workers/user-meter";

type AppWorker = Required<Pick<ExportedHandler<Env>, "fetch" | "scheduled">>;

let app: Promise<AppWorker> | undefined;
const loadApp = () =>
  (app ??= import("../workers/app").then((module) => module.default as AppWorker));

export default {
  async fetch(request, env, ctx) {
    return (await loadApp()).fetch(request, env, ctx);
  },
  async scheduled(controller, env, ctx) {
    return (await loadApp()).scheduled(controller, env, ctx);
  },
} satisfies ExportedHandler<Env>;
