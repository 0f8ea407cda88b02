/**
 * The outline archive a server serves (TILES_ARCHIVE_FILE) and the one it tells the app to read
 * (TILES_ARCHIVE_URL, in `/coverage`'s `tiles.archive`): the served file's path unless a static host
 * or CDN holds a copy. The app reads outlines from it and falls back to the live tiles for counties
 * loaded after it (docs/tiles-archive.md).
 */
import { TILES_ARCHIVE_PATH } from '../../../contract/tiles-archive'
import type { ServerConfig } from '../../config'
import type { TileService } from '../tile-service'

export interface ArchiveSettings {
  file: string | null
  url: string | null
}

export function archiveSettings(
  config: Pick<ServerConfig, 'TILES_ARCHIVE_FILE' | 'TILES_ARCHIVE_URL'>,
): ArchiveSettings {
  const file = config.TILES_ARCHIVE_FILE ?? null
  return { file, url: config.TILES_ARCHIVE_URL ?? (file ? TILES_ARCHIVE_PATH : null) }
}

/** The tile service whose coverage names the archive (the tiles and the rest unchanged). */
export function advertiseArchive(service: TileService, url: string | null): TileService {
  if (!url) return service
  return {
    tile: (t, signal) => service.tile(t, signal),
    version: () => service.version(),
    warmer: service.warmer,
    async coverage() {
      const c = await service.coverage()
      return c.tiles ? { ...c, tiles: { ...c.tiles, archive: url } } : c
    },
  }
}
