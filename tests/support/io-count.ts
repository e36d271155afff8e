/**
 * Counting stand-ins for the app worker's bindings (docs/edge-cost.md): the
 * real D1, KV, Durable Object namespaces and ASSETS behind proxies that count
 * what a request asks of them. D1 is counted in round trips (a statement run on
 * its own, or one `batch` of statements) and statements; KV in reads and
 * writes; Durable Objects in calls on a stub (RPC methods and fetch).
 */
import { env } from "cloudflare:test";

export type IoCounts = {
  d1RoundTrips: number;
  d1Statements: number;
  kvReads: number;
  kvWrites: number;
  doCalls: number;
  assetFetches: number;
  /** Every call in order, to say what a budget overrun consists of. */
  log: string[];
};

function emptyCounts(): IoCounts {
  return {
    d1RoundTrips: 0,
    d1Statements: 0,
    kvReads: 0,
    kvWrites: 0,
    doCalls: 0,
    assetFetches: 0,
    log: [],
  };
}

const REAL_STATEMENT = Symbol("real statement");
type CountedStatement = D1PreparedStatement & { [REAL_STATEMENT]: D1PreparedStatement };

function countedStatement(
  real: D1PreparedStatement,
  sql: string,
  counts: IoCounts,
): CountedStatement {
  const run =
    <K extends "first" | "all" | "run" | "raw">(method: K) =>
    (...args: unknown[]) => {
      counts.d1RoundTrips += 1;
      counts.d1Statements += 1;
      counts.log.push(`d1 ${method}: ${sql.slice(0, 80)}`);
      return (real[method] as (...a: unknown[]) => unknown)(...args);
    };
  return {
    [REAL_STATEMENT]: real,
    bind: (...values: unknown[]) => countedStatement(real.bind(...values), sql, counts),
    first: run("first"),
    all: run("all"),
    run: run("run"),
    raw: run("raw"),
  } as unknown as CountedStatement;
}

function countedD1(real: D1Database, counts: IoCounts): D1Database {
  return {
    prepare: (sql: string) => countedStatement(real.prepare(sql), sql, counts),
    batch: (statements: CountedStatement[]) => {
      counts.d1RoundTrips += 1;
      counts.d1Statements += statements.length;
      counts.log.push(`d1 batch of ${statements.length}`);
      return real.batch(statements.map((statement) => statement[REAL_STATEMENT] ?? statement));
    },
    exec: (sql: string) => {
      counts.d1RoundTrips += 1;
      counts.d1Statements += 1;
      counts.log.push(`d1 exec: ${sql}`);
      return real.exec(sql);
    },
    withSession: () => {
      throw new Error("io-count: D1 sessions are not counted yet");
    },
    dump: () => real.dump(),
  } as unknown as D1Database;
}

function countedKv(real: KVNamespace, counts: IoCounts): KVNamespace {
  const read =
    (method: "get" | "getWithMetadata" | "list") =>
    (...args: unknown[]) => {
      counts.kvReads += 1;
      counts.log.push(
        `kv ${method}: ${String(args[0] && typeof args[0] === "object" ? "…" : args[0])}`,
      );
      return (real[method] as (...a: unknown[]) => unknown).apply(real, args);
    };
  const write =
    (method: "put" | "delete") =>
    (...args: unknown[]) => {
      counts.kvWrites += 1;
      counts.log.push(`kv ${method}: ${String(args[0])}`);
      return (real[method] as (...a: unknown[]) => unknown).apply(real, args);
    };
  return {
    get: read("get"),
    getWithMetadata: read("getWithMetadata"),
    list: read("list"),
    put: write("put"),
    delete: write("delete"),
  } as unknown as KVNamespace;
}

function countedStub(real: DurableObjectStub, name: string, counts: IoCounts): DurableObjectStub {
  const stub = real as unknown as Record<PropertyKey, (...args: unknown[]) => unknown>;
  return new Proxy({} as DurableObjectStub, {
    get(_target, property) {
      if (property === "then") return undefined;
      if (property === "id" || property === "name") return Reflect.get(real, property);
      return (...args: unknown[]) => {
        counts.doCalls += 1;
        counts.log.push(`do ${name}.${String(property)}`);
        return stub[property]!(...args);
      };
    },
  });
}

function countedNamespace(
  real: DurableObjectNamespace,
  name: string,
  counts: IoCounts,
): DurableObjectNamespace {
  return {
    idFromName: (value: string) => real.idFromName(value),
    idFromString: (value: string) => real.idFromString(value),
    newUniqueId: (options?: DurableObjectNamespaceNewUniqueIdOptions) => real.newUniqueId(options),
    get: (id: DurableObjectId, options?: DurableObjectNamespaceGetDurableObjectOptions) =>
      countedStub(real.get(id, options), name, counts),
    getByName: (value: string, options?: DurableObjectNamespaceGetDurableObjectOptions) =>
      countedStub(real.get(real.idFromName(value), options), name, counts),
    jurisdiction: () => {
      throw new Error("io-count: jurisdictions are not counted");
    },
  } as unknown as DurableObjectNamespace;
}

function countedFetcher(real: Fetcher, counts: IoCounts): Fetcher {
  return {
    fetch: (...args: Parameters<Fetcher["fetch"]>) => {
      counts.assetFetches += 1;
      counts.log.push(`assets ${String(args[0])}`);
      return real.fetch(...args);
    },
  } as unknown as Fetcher;
}

/** The test worker's bindings with D1, KV, the Durable Objects and ASSETS counted. */
export function countingEnv(): { env: Env; counts: IoCounts; reset: () => void } {
  const counts = emptyCounts();
  const counted = {
    ...env,
    DB: countedD1(env.DB, counts),
    KV: countedKv(env.KV, counts),
    USER_METER: countedNamespace(env.USER_METER, "USER_METER", counts),
    THROTTLE: countedNamespace(env.THROTTLE, "THROTTLE", counts),
    ...(env.ASSETS ? { ASSETS: countedFetcher(env.ASSETS, counts) } : {}),
  } as Env;
  return { env: counted, counts, reset: () => void Object.assign(counts, emptyCounts()) };
}
