/**
 * Parcel tiles from the outline archive (a PMTiles file the server names in `/coverage` as
 * `tiles.archive`; docs/tiles-archive.md), read with the `pmtiles` library — the reader behind its
 * MapLibre `Protocol` — inside the tile protocol the map already uses (pack-protocol.ts), not as a
 * `pmtiles://` source of its own: the outlines stay one source whose features carry the results'
 * feature-state, and each tile can still go to the live endpoint when its counties changed after
 * the archive was made (archive-plan.ts). Anything wrong with the archive (unreachable, refused,
 * unreadable) sends tiles to the live endpoint, said once on the console.
 */
import { FetchSource, PMTiles } from 'pmtiles'
import type { TileXYZ } from '../../../../contract/tile-math'
import type { CoverageResponse } from '../../../../contract/tiles'
import { ARCHIVE_FACTS_KEY, ArchiveFactsSchema } from '../../../../contract/tiles-archive'
import { type ArchivePlan, archivePlan, archiveServes } from './archive-plan'

export interface ArchiveTileDeps {
  /** the coverage the map shows (null before it is known) */
  coverage(): CoverageResponse | null
  /** an absolute URL for the archive's (a path on the API's server, or already absolute) */
  resolve(url: string): string
  /** the key header for a request to that URL, when it is the API's own */
  authorization(url: string): Record<string, string> | null
  /** the live tile (what the map did without an archive) */
  network(url: string, signal: AbortSignal): Promise<Response>
}

const TILE_URL = /\/tiles\/parcels\/(\d+)\/(\d+)\/(\d+)\.mvt(?:\?|$)/

interface Opened {
  key: string
  archive: PMTiles
  /** the coverage version `plan` was made for */
  version: string | null
  plan: Promise<ArchivePlan | null>
}

/** `network` for the map's tile protocol: the archive's tile where it may serve it, else the live one. */
export function archiveFirst(deps: ArchiveTileDeps): (url: string, signal: AbortSignal) => Promise<Response> {
  let opened: Opened | null = null
  let warned = false
  const warn = (why: unknown) => {
    if (warned) return
    warned = true
    console.warn('Plat map: the outline archive could not be read; outlines come from the server', why)
  }

  function planFor(coverage: CoverageResponse, archiveUrl: string): Promise<ArchivePlan | null> {
    const url = deps.resolve(archiveUrl)
    const headers = deps.authorization(url) ?? {}
    const key = `${url} ${JSON.stringify(headers)}`
    if (opened?.key !== key) {
      opened = {
        key,
        archive: new PMTiles(new FetchSource(url, new Headers(headers))),
        version: null,
        plan: Promise.resolve(null),
      }
    }
    const o = opened
    if (o.version === coverage.version) return o.plan
    o.version = coverage.version
    o.plan = o.archive
      .getMetadata()
      .then((metadata) =>
        archivePlan(
          ArchiveFactsSchema.parse((metadata as Record<string, unknown> | null)?.[ARCHIVE_FACTS_KEY]),
          coverage,
        ),
      )
      // Live tiles until the coverage changes (then the archive is read again).
      .catch((e) => {
        warn(e)
        return null
      })
    return o.plan
  }

  return async (url, signal) => {
    const coverage = deps.coverage()
    const archiveUrl = coverage?.tiles?.archive
    const m = TILE_URL.exec(url)
    if (!coverage || !archiveUrl || !m) return deps.network(url, signal)
    const tile: TileXYZ = { z: Number(m[1]), x: Number(m[2]), y: Number(m[3]) }
    const plan = await planFor(coverage, archiveUrl)
    const archive = opened?.archive
    if (!plan || !archive || !archiveServes(tile, plan)) return deps.network(url, signal)
    try {
      const got = await archive.getZxy(tile.z, tile.x, tile.y, signal)
      // Not in the archive: no parcels there (the live endpoint answers such a tile empty too).
      return new Response(got?.data ?? null, { status: 200 })
    } catch (e) {
      if (signal.aborted) throw e
      warn(e)
      return deps.network(url, signal)
    }
  }
}
