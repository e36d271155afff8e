/**
 * Promo codes, admin side (docs/decisions/017-money-and-promo-codes.md and
 * 026-admin-dashboard.md): the dashboard's figures, creating codes (one or up to 50 in one D1
 * batch), activating and deactivating, and deleting. Every change is written
 * with its audit entry in the same batch. Validation on the plans page reads
 * codes from D1 (promo.server.ts), so a change applies to the next one.
 *
 * Instances: a code's instances are its uses (max_uses). "Same name for all"
 * with a count of N makes one code with N instances; "unique" makes N codes
 * of one instance each, the first named as given, the others with a random
 * suffix.
 */
import type { Database } from "~/db/client.server";
import type { AdminPromoCode, DashboardData, DiscountTypeStats } from "~/lib/admin-dashboard";
import {
  ADMIN_MESSAGES,
  ADMIN_TIERS,
  type AdminTier,
  type CreatePromoInput,
  defaultDescription,
  duplicateCodeMessage,
  expiryDateOf,
  expiryInstant,
  randomCodeChars,
  RECENT_PER_TYPE,
  RECENT_TOTAL,
  SUFFIX_LENGTH,
  tierFor,
} from "~/lib/admin";
import {
  basisPointsToPercent,
  normalizePromoCode,
  percentToBasisPoints,
  PROMO_CODE_PATTERN,
} from "~/lib/pricing";
import { auditStatement, type AuditActor, promoAuditStatement } from "./admin-audit.server";
import type { AdminSession } from "./admin-session.server";
import { isUniqueViolation } from "./user.server";

export type AdminPromoDeps = { db: Database; now: () => number };

type CodeRow = {
  code: string;
  basisPoints: number;
  description: string;
  isActive: number;
  expiresAt: number | null;
  maxUses: number | null;
  createdAt: number;
  committed: number;
  held: number;
};

function toAdminCode(row: CodeRow, now: number): AdminPromoCode {
  return {
    code: row.code,
    description: row.description,
    discountPercentage: basisPointsToPercent(row.basisPoints),
    isActive: row.isActive === 1,
    isExpired: row.expiresAt !== null && row.expiresAt <= now,
    createdAt: new Date(row.createdAt).toISOString(),
    expiryDate: row.expiresAt === null ? null : expiryDateOf(row.expiresAt),
    expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt).toISOString(),
    totalInstances: row.maxUses,
    usedInstances: row.committed + row.held,
    currentUses: row.committed,
    maxUses: row.maxUses,
  };
}

function typeStats(tier: AdminTier, codes: AdminPromoCode[]): DiscountTypeStats {
  return {
    percentage: tier.percentage,
    label: tier.label,
    tab: tier.tab,
    count: codes.length,
    usageStats: {
      totalCoupons: codes.length,
      activeCoupons: codes.filter((code) => code.isActive && !code.isExpired).length,
      usedCoupons: codes.filter((code) => code.currentUses > 0).length,
      totalUses: codes.reduce((sum, code) => sum + code.currentUses, 0),
    },
    codes,
  };
}

/**
 * Every live (not deleted) code with its uses, grouped by discount type:
 * the five tiers always, and any other percentage only while a code has it
 * (codes made with `npm run promo:create --percent 100`). Newest first.
 */
export async function loadDashboard(db: Database, now: number): Promise<DashboardData> {
  const { results } = await db.$client
    .prepare(
      `SELECT p.code, p.discount_basis_points AS basisPoints, p.description, p.is_active AS isActive,
              p.expires_at AS expiresAt, p.max_uses AS maxUses, p.created_at AS createdAt,
              coalesce(sum(r.state = 'committed'), 0) AS committed,
              coalesce(sum(r.state = 'reserved' AND r.reserved_until > ?1), 0) AS held
       FROM promo_codes p LEFT JOIN promo_redemptions r ON r.code = p.code
       WHERE p.deleted_at IS NULL
       GROUP BY p.code
       ORDER BY p.created_at DESC, p.code`,
    )
    .bind(now)
    .all<CodeRow>();
  const byType = new Map<number, AdminPromoCode[]>(
    ADMIN_TIERS.map((tier) => [tier.basisPoints, []]),
  );
  for (const row of results) {
    const list = byType.get(row.basisPoints) ?? [];
    list.push(toAdminCode(row, now));
    byType.set(row.basisPoints, list);
  }
  const discountTypes = [...byType.entries()]
    .sort(([a], [b]) => a - b)
    .map(([basisPoints, codes]) => typeStats(tierFor(basisPoints), codes));
  return {
    overview: {
      totalActiveCoupons: discountTypes.reduce(
        (sum, type) => sum + type.usageStats.activeCoupons,
        0,
      ),
      totalCoupons: results.length,
      lastUpdated: new Date(now).toISOString(),
    },
    discountTypes,
  };
}

/** The overview's recent coupons, at most 3 of each type and 5 in all, newest first. */
export function recentCoupons(data: DashboardData): AdminPromoCode[] {
  return data.discountTypes
    .flatMap((type) => type.codes.slice(0, RECENT_PER_TYPE))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.code.localeCompare(b.code))
    .slice(0, RECENT_TOTAL);
}

function actorOf(admin: AdminSession): AuditActor {
  return { id: admin.userId, email: admin.email };
}

export type PromoChangeRefused = { ok: false; status: 404 | 409; message: string };

export type CreatedPromoCodes = {
  ok: true;
  codes: string[];
  batchId: string;
  discountPercentage: number;
  /** Uses per code. */
  maxUses: number;
};

/** The codes a request asks for: the first as given, the rest (when unique) with fresh suffixes. */
function codeNames(input: CreatePromoInput): string[] {
  if (input.namingOption === "same" || input.count === 1) return [input.code];
  const names = new Set([input.code]);
  while (names.size < input.count) names.add(`${input.code}_${randomCodeChars(SUFFIX_LENGTH)}`);
  return [...names];
}

async function takenNames(db: Database, names: readonly string[]): Promise<Set<string>> {
  const { results } = await db.$client
    .prepare(
      `SELECT code FROM promo_codes WHERE code IN (${names.map((_, index) => `?${index + 1}`).join(", ")})`,
    )
    .bind(...names)
    .all<{ code: string }>();
  return new Set(results.map((row) => row.code));
}

/**
 * Creates the codes of one request, all or none: one D1 batch with every
 * insert and the audit entry. A name already taken (by a live code, or a
 * deleted one whose redemptions keep it) answers 409; a random suffix that
 * collides is drawn again.
 */
export async function createPromoCodes(
  deps: AdminPromoDeps,
  admin: AdminSession,
  input: CreatePromoInput,
): Promise<CreatedPromoCodes | PromoChangeRefused> {
  const basisPoints = percentToBasisPoints(input.discountPercentage);
  const description = input.description ?? defaultDescription(input.discountPercentage);
  const expiresAt = input.expiryDate ? expiryInstant(input.expiryDate) : null;
  const single = input.namingOption === "same" || input.count === 1;
  const maxUses = single ? input.count : 1;
  const duplicate = (code: string): PromoChangeRefused => ({
    ok: false,
    status: 409,
    message: duplicateCodeMessage(code),
  });

  let names = codeNames(input);
  for (let attempt = 0; ; attempt += 1) {
    const taken = await takenNames(deps.db, names);
    if (taken.has(input.code)) return duplicate(input.code);
    if (taken.size === 0) break;
    if (attempt === 3) return duplicate([...taken][0]!);
    const kept = names.filter((name) => !taken.has(name));
    names = [...new Set([...kept, ...codeNames(input)])].slice(0, input.count);
  }

  const now = deps.now();
  const batchId = crypto.randomUUID();
  const d1 = deps.db.$client;
  const insert = d1.prepare(
    `INSERT INTO promo_codes (code, discount_basis_points, description, is_active, expires_at, max_uses, batch_id, created_by, created_at, updated_at)
     VALUES (?1, ?2, ?3, 1, ?4, ?5, ?6, ?7, ?8, ?8)`,
  );
  try {
    await d1.batch([
      ...names.map((code) =>
        insert.bind(code, basisPoints, description, expiresAt, maxUses, batchId, admin.userId, now),
      ),
      auditStatement(deps.db, {
        actor: actorOf(admin),
        action: "promo_create",
        target: names[0],
        details: {
          batchId,
          codes: names,
          discountPercentage: input.discountPercentage,
          count: input.count,
          namingOption: input.namingOption,
          maxUses,
          expiryDate: input.expiryDate,
          description,
        },
        at: now,
      }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) return duplicate(input.code);
    throw error;
  }
  return {
    ok: true,
    codes: names,
    batchId,
    discountPercentage: input.discountPercentage,
    maxUses,
  };
}

/** The code named in an address, upper-cased; null when it cannot be a code at all. */
export function promoCodeParam(value: string | undefined): string | null {
  const code = normalizePromoCode(value ?? "");
  return PROMO_CODE_PATTERN.test(code) ? code : null;
}

function notFound(): PromoChangeRefused {
  return { ok: false, status: 404, message: ADMIN_MESSAGES.notFound };
}

/**
 * Activates or deactivates a live code: `isActive` sets it (a retried
 * request changes nothing more), null flips it. Answers the new state.
 */
export async function setPromoActive(
  deps: AdminPromoDeps,
  admin: AdminSession,
  rawCode: string,
  isActive: boolean | null,
): Promise<{ ok: true; code: string; isActive: boolean } | PromoChangeRefused> {
  const code = promoCodeParam(rawCode);
  if (!code) return notFound();
  const now = deps.now();
  const d1 = deps.db.$client;
  const [updated] = await d1.batch<{ isActive: number }>([
    d1
      .prepare(
        `UPDATE promo_codes SET is_active = CASE WHEN ?1 IS NULL THEN 1 - is_active ELSE ?1 END, updated_at = ?2
         WHERE code = ?3 AND deleted_at IS NULL RETURNING is_active AS isActive`,
      )
      .bind(isActive === null ? null : Number(isActive), now, code),
    promoAuditStatement(deps.db, {
      actor: actorOf(admin),
      action: "promo_toggle",
      target: code,
      detailsSql:
        "json_object('isActive', json(CASE WHEN p.is_active THEN 'true' ELSE 'false' END))",
      at: now,
    }),
  ]);
  const row = updated?.results[0];
  if (!row) return notFound();
  return { ok: true, code, isActive: row.isActive === 1 };
}

const HAS_REDEMPTIONS = "EXISTS (SELECT 1 FROM promo_redemptions r WHERE r.code = p.code)";

/**
 * Deletes a live code. One with redemptions (any, even released) is soft
 * deleted: it stops applying and leaves the dashboard, and past payments still
 * explain their price. One never redeemed is removed, freeing its name.
 */
export async function deletePromo(
  deps: AdminPromoDeps,
  admin: AdminSession,
  rawCode: string,
): Promise<{ ok: true; code: string; mode: "soft" | "hard" } | PromoChangeRefused> {
  const code = promoCodeParam(rawCode);
  if (!code) return notFound();
  const now = deps.now();
  const d1 = deps.db.$client;
  const [, soft, hard] = await d1.batch([
    // First, while the row is still there: the entry says which delete it was.
    promoAuditStatement(deps.db, {
      actor: actorOf(admin),
      action: "promo_delete",
      target: code,
      detailsSql: `json_object('mode', CASE WHEN ${HAS_REDEMPTIONS} THEN 'soft' ELSE 'hard' END,
        'paidUses', (SELECT count(*) FROM promo_redemptions r WHERE r.code = p.code AND r.state = 'committed'))`,
      at: now,
    }),
    d1
      .prepare(
        `UPDATE promo_codes AS p SET deleted_at = ?1, updated_at = ?1
         WHERE p.code = ?2 AND p.deleted_at IS NULL AND ${HAS_REDEMPTIONS}`,
      )
      .bind(now, code),
    d1
      .prepare(
        `DELETE FROM promo_codes AS p WHERE p.code = ?1 AND p.deleted_at IS NULL AND NOT ${HAS_REDEMPTIONS}`,
      )
      .bind(code),
  ]);
  const mode = soft?.meta.changes ? "soft" : hard?.meta.changes ? "hard" : null;
  if (!mode) return notFound();
  return { ok: true, code, mode };
}
