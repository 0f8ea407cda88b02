/**
 * GET /coverage → the counties this server holds parcels for, and whether it makes parcel tiles
 * (contract/tiles.ts). Our extension beyond the spec: a server without it answers 404 (or 405),
 * which is "no coverage information", not an error. Free of charge on our server, fetched once
 * per base URL and kept for the session.
 */
import {
  type CoverageResponse,
  CoverageResponseSchema,
  PAGE_COVERAGE_ID,
  type PageCoverage,
  PageCoverageSchema,
} from '../../contract/tiles'
import { ApiError } from './api-error'
import type { Connection } from './connection'
import { apiFetch } from './http'

export async function fetchCoverage(conn: Connection, signal?: AbortSignal): Promise<CoverageResponse | null> {
  try {
    return await apiFetch(conn, { method: 'GET', path: '/coverage' }, CoverageResponseSchema, signal)
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 405)) return null
    throw e
  }
}

/**
 * The coverage the server wrote into the page (contract PAGE_COVERAGE_ID), or null: none written,
 * or not readable (then the app asks GET /coverage as it always has).
 */
export function pageCoverage(doc: Pick<Document, 'getElementById'>): PageCoverage | null {
  const text = doc.getElementById(PAGE_COVERAGE_ID)?.textContent
  if (!text) return null
  try {
    const parsed = PageCoverageSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
