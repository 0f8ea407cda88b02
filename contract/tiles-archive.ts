/**
 * The static outline archive (docs/tiles-archive.md): the parcel tiles of one data version, z10–z16,
 * in one PMTiles v3 file that `npm run tiles:archive` writes and any static host can serve by HTTP
 * Range. Its metadata says which data it holds, so a reader can tell which counties were loaded or
 * reloaded after it was made (those tiles come from the live endpoint instead).
 */
import { z } from 'zod'

/** Where a server serves its configured archive (TILES_ARCHIVE_FILE). */
export const TILES_ARCHIVE_PATH = '/tiles/archive.pmtiles'
export const TILES_ARCHIVE_CONTENT_TYPE = 'application/vnd.pmtiles'

/** A county as the archive saw it: the identity `/coverage` gives it now, and whether its tiles are in. */
const ArchiveCountySchema = z.object({
  state_fp: z.string(),
  county_fp: z.string(),
  parcels: z.int().nonnegative(),
  loaded_at: z.string(),
  /** [west, south, east, north] in degrees */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  /** false: loaded when the archive was made, but outside it (an archive of another state) */
  archived: z.boolean(),
})
export type ArchiveCounty = z.infer<typeof ArchiveCountySchema>

/** The archive's own part of the PMTiles metadata (the rest is the usual `vector_layers` and names). */
export const ArchiveFactsSchema = z.object({
  /** the coverage's `version` the tiles were made at */
  data_version: z.string(),
  /** two-letter state of a state archive, null for everything loaded */
  state: z.string().nullable(),
  min_zoom: z.int(),
  max_zoom: z.int(),
  /** TILE_MAX_KB the tiles were capped at */
  tile_max_kb: z.int(),
  built_at: z.string(),
  /** every county loaded when it was made, archived or not */
  counties: z.array(ArchiveCountySchema),
})
export type ArchiveFacts = z.infer<typeof ArchiveFactsSchema>

/** The metadata key that holds ArchiveFacts. */
export const ARCHIVE_FACTS_KEY = 'plat'
