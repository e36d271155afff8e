// The worker the workers-pool tests run: the app worker's handler, plus the
// per-user Durable Object class that production hosts in its own script.
export { default } from "../workers/app";
export { Throttle, UserMeter } from "../workers/user-meter";
