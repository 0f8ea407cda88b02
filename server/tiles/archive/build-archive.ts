/**
 * `npm run tiles:archive`: the parcel tiles of the loaded data (or one state's counties), z10–z16,
 * made exactly as the live endpoint makes them (tile-service.ts without its store: the same
 * renderer, size cap and properties) into one PMTiles v3 file (formats/pmtiles.ts). Streaming: each
 * tile is gzipped and appended to a data file beside the output as it is made, in tile-id order, so
 * only the directory entries stay in memory; the header, directories (with leaf directories past
 * 16 KiB) and metadata are written at the end, before the data is copied behind them and the whole
 * is moved into place. Every tile must be made at the data version the build started at: a load
 * that lands meanwhile stops the build (run it again), so an archive never mixes two versions.
 */
import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { open, rename, rm, writeFile } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import { unionBox } from '../../../contract/bbox'
import type { Box } from '../../../contract/tile-math'
import {
  PARCEL_LAYER,
  PARCEL_TILE_MAX_ZOOM,
  PARCEL_TILE_MIN_ZOOM,
  PLACE_LAYER,
  TEXTURE_LAYER,
} from '../../../contract/tiles'
import { ARCHIVE_FACTS_KEY, type ArchiveFacts } from '../../../contract/tiles-archive'
import { type PmtilesEntry, pmtilesPrefix } from '../../../formats/pmtiles'
import type { Database } from '../../db/database'
import { tileService } from '../tile-service'
import { archiveTileIds, tileOfId } from './archive-tile-list'

const gzipAsync = promisify(gzip)

export class ArchiveError extends Error {}

export interface ArchiveOptions {
  out: string
  /** two-letter state (the counties' `state`); all loaded counties when absent */
  state?: string
  /** TILE_MAX_KB in bytes: the live endpoint's cap, so the tiles are its tiles */
  capBytes: number
  timeoutMs: number
  /** tiles made at once (PostgreSQL: a few connections; the embedded database has one) */
  jobs?: number
  progress?: (p: ArchiveProgress) => void
}

export interface ArchiveProgress {
  done: number
  total: number
  written: number
  bytes: number
}

export interface ArchiveResult {
  version: string
  counties: number
  parcels: number
  /** tiles looked at, and those written (the others were empty) */
  tiles: number
  written: number
  /** size of the archive file */
  bytes: number
  ms: number
}

export async function buildArchive(db: Database, o: ArchiveOptions): Promise<ArchiveResult> {
  const t0 = performance.now()
  const live = tileService(db, { timeoutMs: o.timeoutMs, capBytes: o.capBytes, store: false })
  const coverage = await live.coverage()
  const state = o.state?.toUpperCase() ?? null
  const inArchive = coverage.counties.filter((c) => state === null || c.state === state)
  if (inArchive.length === 0) {
    const loaded = [...new Set(coverage.counties.map((c) => c.state))].join(', ')
    throw new ArchiveError(
      state
        ? `No county of ${state} is loaded${loaded ? ` (loaded: ${loaded})` : ''}; nothing to archive.`
        : 'No county is loaded; load one first (npm run load).',
    )
  }
  const version = coverage.version
  const ids = archiveTileIds(inArchive.map((c): Box => c.bbox))
  const facts: ArchiveFacts = {
    data_version: version,
    state,
    min_zoom: PARCEL_TILE_MIN_ZOOM,
    max_zoom: PARCEL_TILE_MAX_ZOOM,
    tile_max_kb: Math.round(o.capBytes / 1024),
    built_at: new Date().toISOString(),
    counties: coverage.counties.map((c) => ({
      state_fp: c.state_fp,
      county_fp: c.county_fp,
      parcels: c.parcels,
      loaded_at: c.loaded_at,
      bbox: c.bbox,
      archived: inArchive.includes(c),
    })),
  }

  const tag = randomBytes(4).toString('hex')
  const dataFile = `${o.out}.${tag}.tiles`
  const partFile = `${o.out}.${tag}.partial`
  const data = await open(dataFile, 'w')
  const entries: PmtilesEntry[] = []
  let offset = 0
  try {
    const jobs = Math.max(1, o.jobs ?? 1)
    for (let i = 0; i < ids.length; i += jobs) {
      const batch = ids.slice(i, i + jobs)
      const made = await Promise.all(
        batch.map(async (id) => {
          const tile = await live.tile(tileOfId(id))
          if (tile.version !== version)
            throw new ArchiveError(
              `The data changed while the archive was being made (version ${version} became ${tile.version}: a load, reload or delete landed); run it again.`,
            )
          return tile.bytes.length ? await gzipAsync(tile.bytes) : null
        }),
      )
      // Written in id order whatever order they were made in: the archive stays clustered.
      for (const [k, bytes] of made.entries()) {
        if (!bytes) continue
        await data.write(bytes, 0, bytes.length, offset)
        entries.push({ tileId: batch[k]!, offset, length: bytes.length, runLength: 1 })
        offset += bytes.length
      }
      o.progress?.({ done: Math.min(i + jobs, ids.length), total: ids.length, written: entries.length, bytes: offset })
    }
    await data.close()
    const zooms = entries.map((e) => tileOfId(e.tileId).z)
    const prefix = pmtilesPrefix(
      entries,
      {
        dataLength: offset,
        minZoom: zooms.length ? zooms.reduce((a, b) => Math.min(a, b)) : PARCEL_TILE_MIN_ZOOM,
        maxZoom: zooms.length ? zooms.reduce((a, b) => Math.max(a, b)) : PARCEL_TILE_MIN_ZOOM,
      },
      { tileCompression: 'gzip', bounds: unionBox(inArchive.map((c) => c.bbox)), metadata: metadata(facts) },
    )
    await writeFile(partFile, prefix)
    await pipeline(createReadStream(dataFile), createWriteStream(partFile, { flags: 'a' }))
    await rename(partFile, o.out)
    return {
      version,
      counties: inArchive.length,
      parcels: inArchive.reduce((n, c) => n + c.parcels, 0),
      tiles: ids.length,
      written: entries.length,
      bytes: prefix.length + offset,
      ms: performance.now() - t0,
    }
  } finally {
    await data.close().catch(() => {})
    await rm(dataFile, { force: true })
    await rm(partFile, { force: true })
  }
}

/** TileJSON-style metadata (what viewers read) plus the archive's own facts. */
function metadata(facts: ArchiveFacts): Record<string, unknown> {
  return {
    name: facts.state ? `Plat parcels, ${facts.state}` : 'Plat parcels',
    format: 'pbf',
    attribution: 'Parcels: Plat API',
    vector_layers: [PARCEL_LAYER, PLACE_LAYER, TEXTURE_LAYER].map((id) => ({
      id,
      minzoom: facts.min_zoom,
      maxzoom: facts.max_zoom,
      fields: {},
    })),
    [ARCHIVE_FACTS_KEY]: facts,
  }
}
