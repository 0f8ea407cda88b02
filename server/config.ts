/**
 * The server's whole environment parsed once, with zod, at start-up (DESIGN: "environment parsed
 * with zod at start-up"): a wrong value stops the server with its name and reason instead of
 * surfacing as odd behaviour later.
 */
import { z } from 'zod'

const onOff = z.enum(['on', 'off'])
const list = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  )
/** An unset variable and an empty one mean the same (a shell's `VAR= npm start`). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional())
const httpUrl = z.string().refine((s) => {
  const u = URL.canParse(s) ? new URL(s) : null
  return (u?.protocol === 'http:' || u?.protocol === 'https:') && !u.username && !u.password && !u.search
}, 'an http(s) URL without credentials or query (the key goes in UPSTREAM_API_KEY)')

/** Server configuration from the environment, parsed once at start-up (bulletproof-react style). */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().optional(),
  /**
   * PostgreSQL streaming replicas (comma list of URLs) that answer parcel reads; keys, usage, loads
   * and watches stay on DATABASE_URL (db/read-router.ts, docs/scaling.md "Read replicas").
   */
  DATABASE_REPLICA_URLS: list,
  /** A replica further behind its primary than this is left out of reads until it catches up. */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  DEMO: onOff.default('on'),
  DEMO_PARCELS: z.coerce.number().int().min(100).max(5_000_000).default(100_000),
  DEMO_SEED: z.coerce.number().int().default(1),
  STATIC_DIR: z.string().default('dist'),
  LOG_REQUESTS: onOff.default('off'),
  /** Longest a request's statement may run before the answer is 503 "too expensive". */
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(10_000),
  /**
   * Statements that may wait for the database; beyond it requests get 503 with Retry-After. Default:
   * 64 on the embedded database (one connection), 200 per process on PostgreSQL (a pool of them).
   */
  DB_MAX_WAITING: z.coerce.number().int().min(1).max(100_000).optional(),
  /**
   * Embedded database: how often usage counted in memory is written behind (a kill -9 loses at most
   * this window's charges; SIGTERM/SIGINT write them first). PostgreSQL charges in the database.
   */
  USAGE_FLUSH_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /**
   * PostgreSQL connections per server process. At least 2: the demo generation holds its start-up
   * lock's transaction on one connection while it loads on another (with 1 the server waited forever).
   */
  PG_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(2, 'at least 2 (the demo generation holds a transaction on one connection while it loads on another)')
    .max(1000)
    .default(10),
  /** Origins allowed to call the API from a browser (comma list, or `*`); empty: same origin only. */
  CORS_ORIGINS: list,
  /** Extra sources for the app's CSP connect-src (e.g. an API server on plain http), comma list. */
  CSP_CONNECT_SRC: list,
  /** Size cap of a parcel tile before compression; past it a tile is made with less detail (tile-budget.ts). */
  TILE_MAX_KB: z.coerce.number().int().min(1).max(16_384).default(512),
  /** Keep z10–z12 tiles per data version in the database and warm them after a load (tiles/tile-store.ts). */
  TILE_STORE: z.enum(['on', 'off']).default('on'),
  /** An outline archive (npm run tiles:archive) this server serves at /tiles/archive.pmtiles (tiles/archive/). */
  TILES_ARCHIVE_FILE: optional(z.string()),
  /**
   * Where the app reads the outline archive: an http(s) URL (a static host, a CDN) or a path on this
   * server; default /tiles/archive.pmtiles when TILES_ARCHIVE_FILE is set (docs/tiles-archive.md).
   */
  TILES_ARCHIVE_URL: optional(
    z.string().refine((s) => /^\/[^/]/.test(s) || /^https?:\/\//.test(s), 'an http(s) URL or a path starting with /'),
  ),
  /** Write the covered counties into the app's page, so its first paint shows them (http/index-page.ts). */
  COVERAGE_IN_PAGE: onOff.default('on'),

  // Proxy mode (server/proxy/): set both to serve the parcel endpoints from a hosted parcel API.
  /** Base URL of the hosted parcel API (its endpoints are UPSTREAM_URL + UPSTREAM_PREFIX + /query …). */
  UPSTREAM_URL: optional(httpUrl),
  /** The hosted API's key: sent only to UPSTREAM_URL, never logged, cached or shown to callers. */
  UPSTREAM_API_KEY: optional(z.string().regex(/^[\x21-\x7e]+$/, 'printable characters without spaces')),
  /** Path prefix of the four endpoints upstream (the spec's overview also names `/properties`). */
  UPSTREAM_PREFIX: z
    .string()
    .regex(/^(\/[A-Za-z0-9._~-]+)*\/?$/, 'a path such as /parcels')
    .default('/parcels')
    .transform((s) => s.replace(/\/+$/, '')),
  /** How long a paid-for upstream answer is served from the cache (0: no caching). */
  UPSTREAM_CACHE_TTL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 3650)
    .default(24 * 7),
  /** Size cap of the response cache; the least recently used answers go first. */
  UPSTREAM_CACHE_MAX_MB: z.coerce.number().min(1).max(1_000_000).default(1024),
  /** Longest wait for an upstream answer (then 504). */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),

  // Watch delivery (docs/watches.md "Delivery settings").
  /** Where watches' e-mails are sent through, e.g. smtp://user:pass@mail.example.com:587; unset: no e-mail. */
  SMTP_URL: optional(
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'an smtp:// or smtps:// address, e.g. smtp://user:pass@mail.example.com:587'),
  ),
  /** The sender of watches' e-mails. */
  WATCH_EMAIL_FROM: z.string().min(3).default('Plat <plat@localhost>'),
  /** The first retry of a failed webhook or e-mail after this long; each later one waits twice as long. */
  WATCH_RETRY_MS: z.coerce.number().int().min(10).max(86_400_000).default(60_000),
  /** Failed deliveries in a row after which a watch's webhook (or e-mail) is disabled. */
  WATCH_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(10),
  /** Longest wait for a webhook receiver's answer or an SMTP server's step. */
  WATCH_DELIVERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** on: webhooks may go to loopback, private and link-local addresses (an intranet's receivers). */
  WATCH_WEBHOOKS_PRIVATE: z.enum(['on', 'off']).default('off'),
  /** How often the server looks for due deliveries. */
  WATCH_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
})
export type ServerConfig = z.infer<typeof EnvSchema>

/** Proxy mode needs the URL and the key together; one without the other is a mistake worth stopping for. */
const ConfigSchema = EnvSchema.refine((c) => Boolean(c.UPSTREAM_URL) === Boolean(c.UPSTREAM_API_KEY), {
  message: 'UPSTREAM_URL and UPSTREAM_API_KEY are set together (proxy mode) or not at all',
  path: ['UPSTREAM_API_KEY'],
}).refine((c) => c.DATABASE_REPLICA_URLS.length === 0 || Boolean(c.DATABASE_URL), {
  message: 'read replicas follow a PostgreSQL primary: set DATABASE_URL too (the embedded database has none)',
  path: ['DATABASE_REPLICA_URLS'],
})

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = ConfigSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return parsed.data
}
