/**
 * `GET /tiles/archive.pmtiles` (and HEAD): the configured outline archive (TILES_ARCHIVE_FILE) with
 * HTTP Range, as a static host would serve it — 206 with Content-Range for one span, 200 for the
 * whole file, 416 for a span outside it, a strong ETag from the file's size and time (a PMTiles
 * reader notices a rebuilt archive by it) and If-None-Match / If-Range. Free like the tiles: the
 * key's plan must have `tiles`, nothing is charged. The file is looked at per request, so a new
 * archive moved into place is served at once.
 */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { Hono } from 'hono'
import { TILES_ARCHIVE_CONTENT_TYPE, TILES_ARCHIVE_PATH } from '../../../contract/tiles-archive'
import type { KeyGuard } from '../../auth/key-guard'
import { errorResponse } from '../../http-kit/responses'
import { notModified } from '../tile-headers'
import { readRange } from './byte-range'

/** Revalidated after a minute, by ETag: a rebuilt archive shows within it. */
const CACHE_CONTROL = 'private, max-age=60'

export function archiveRoutes(file: string, guard: KeyGuard) {
  const app = new Hono()
  app.get(TILES_ARCHIVE_PATH, async (c) => {
    const check = await guard.free(c.req.header('authorization'), 'tiles', c.req.raw.signal)
    if (!check.ok) return errorResponse(c, check.status, check.detail)
    const info = await stat(file).catch(() => null)
    if (!info?.isFile())
      return errorResponse(
        c,
        404,
        'The outline archive is not there (TILES_ARCHIVE_FILE); make it with npm run tiles:archive.',
      )
    const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`
    const headers: Record<string, string> = {
      'accept-ranges': 'bytes',
      etag,
      'cache-control': CACHE_CONTROL,
      'content-type': TILES_ARCHIVE_CONTENT_TYPE,
    }
    if (notModified(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers)
    const ifRange = c.req.header('if-range')
    const range =
      ifRange !== undefined && ifRange !== etag
        ? { kind: 'whole' as const }
        : readRange(c.req.header('range'), info.size)
    if (range.kind === 'unsatisfiable') {
      return c.json({ detail: range.reason }, 416, { ...headers, 'content-range': `bytes */${info.size}` })
    }
    const [start, end] = range.kind === 'part' ? [range.start, range.end] : [0, info.size - 1]
    const length = end - start + 1
    headers['content-length'] = String(length)
    if (range.kind === 'part') headers['content-range'] = `bytes ${start}-${end}/${info.size}`
    const status = range.kind === 'part' ? 206 : 200
    if (c.req.method === 'HEAD' || length === 0) return c.body(null, status, headers)
    const body = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>
    return c.body(body, status, headers)
  })
  return app
}
