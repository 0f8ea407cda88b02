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

/** Server configuration from the environment, parsed once at start-up (bulletproof-react style). */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().optional(),
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
  /** PostgreSQL connections per server process. */
  PG_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  /** Origins allowed to call the API from a browser (comma list, or `*`); empty: same origin only. */
  CORS_ORIGINS: list,
  /** Extra sources for the app's CSP connect-src (e.g. an API server on plain http), comma list. */
  CSP_CONNECT_SRC: list,
})
export type ServerConfig = z.infer<typeof EnvSchema>

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return parsed.data
}
