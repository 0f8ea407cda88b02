import { z } from 'zod'

/** Server configuration from the environment, parsed once at start-up (bulletproof-react style). */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().optional(),
  DEMO: z.enum(['on', 'off']).default('on'),
  DEMO_PARCELS: z.coerce.number().int().min(100).max(5_000_000).default(100_000),
  DEMO_SEED: z.coerce.number().int().default(1),
  STATIC_DIR: z.string().default('dist'),
  LOG_REQUESTS: z.enum(['on', 'off']).default('off'),
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
