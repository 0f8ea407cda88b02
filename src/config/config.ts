/**
 * Build-time configuration (Vite `VITE_*` variables), parsed with zod once at start-up so a typo
 * fails loudly instead of becoming `NaN` deep inside the planner.
 */
import { z } from 'zod'

const int = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback)

const ConfigSchema = z.object({
  /** '' = same origin (the reference server serves the app); else e.g. https://parcels.example.com */
  VITE_API_BASE_URL: z.string().trim().default(''),
  /** Ask before a search spends more calls than this (the default: 50). */
  VITE_CONFIRM_CALLS: int(1, 1_000_000, 50),
  /** Requests in flight at once per search. Small: the API bills calls, and servers throttle. */
  VITE_CONCURRENCY: int(1, 16, 4),
  /** Persisted response cache: total size and age caps. */
  VITE_CACHE_MAX_MB: int(0, 2_000, 200),
  VITE_CACHE_MAX_AGE_DAYS: int(0, 365, 30),
  /** The Streets basemap's raster tiles (OpenStreetMap's own server by default; it asks heavy users to use another). */
  VITE_STREETS_TILE_URL: z
    .string()
    .trim()
    .regex(/^https:\/\/[^\s]*\{z\}[^\s]*$/, 'an https:// template with {z}, {x} and {y}')
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /**
   * The basemap a new visitor sees. `offline` for a deployment without internet (an intranet, a
   * kiosk): the app then never asks a tile server; otherwise it tries and falls back on its own.
   */
  VITE_DEFAULT_BASEMAP: z.enum(['streets', 'satellite', 'offline']).default('streets'),
})

export interface AppConfig {
  apiBaseUrl: string
  confirmCalls: number
  concurrency: number
  cacheMaxBytes: number
  cacheMaxAgeMs: number
  streetsTileUrl: string
  defaultBasemap: 'streets' | 'satellite' | 'offline'
}

function parseConfig(env: Record<string, unknown>): AppConfig {
  const c = ConfigSchema.parse(env)
  return {
    apiBaseUrl: c.VITE_API_BASE_URL,
    confirmCalls: c.VITE_CONFIRM_CALLS,
    concurrency: c.VITE_CONCURRENCY,
    cacheMaxBytes: c.VITE_CACHE_MAX_MB * 1024 * 1024,
    cacheMaxAgeMs: c.VITE_CACHE_MAX_AGE_DAYS * 24 * 3600 * 1000,
    streetsTileUrl: c.VITE_STREETS_TILE_URL,
    defaultBasemap: c.VITE_DEFAULT_BASEMAP,
  }
}

// Empty strings from an unset `.env` entry mean "default", not "0".
const env = Object.fromEntries(
  Object.entries((import.meta.env ?? {}) as Record<string, unknown>).filter(([, v]) => v !== ''),
)

export const config: AppConfig = parseConfig(env)
