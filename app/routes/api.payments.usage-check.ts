/**
 * GET /api/payments/usage/check/{feature}: the same check as
 * GET /api/usage/check/{feature} (docs/api.md lists both).
 */
export { action, loader } from "./api.usage.check";
