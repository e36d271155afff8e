/**
 * GET /api/payments/usage/check/{feature}: the same check as
 * GET /api/usage/check/{feature} (000 §7 lists it under both services).
 */
export { action, loader } from "./api.usage.check";
