/**
 * Zip archives, read two ways: whole in memory here (the area import's zipped Shapefiles and KMZ,
 * through fflate, which runs in the browser and in Node alike), and streamed to disk by the county
 * loader (server/load/readers/unzip-to-dir.ts, for archives of several gigabytes), which shares the
 * junk rule below. fflate's filter sees each entry's declared sizes before anything is inflated, so
 * zip bombs and archives with absurd entry counts are refused up front.
 */
import { unzipSync } from 'fflate'

/** Entries macOS adds beside the real files (`__MACOSX/…`, `._name` resource forks): never layers. */
export const isZipJunk = (name: string): boolean =>
  name.startsWith('__MACOSX/') || name.split('/').pop()?.startsWith('._') === true

/** A zip starts with a local file header, `PK\x03\x04`. */
export const isZipBytes = (b: Uint8Array): boolean => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04

const MAX_ZIP_ENTRIES = 1000
/** Per wanted entry and in total: far above any real parcel layer, far below what would hang a tab. */
const MAX_ENTRY_BYTES = 200 * 1024 * 1024
const MAX_UNZIPPED_BYTES = 300 * 1024 * 1024

/** The wanted entries, or a message saying why the archive could not be read. */
export function unzipEntries(bytes: Uint8Array, want: (name: string) => boolean): Record<string, Uint8Array> | string {
  if (!isZipBytes(bytes)) return 'This is not a zip archive.'
  let count = 0
  let total = 0
  let refusal: string | null = null
  try {
    const out = unzipSync(bytes, {
      filter: (f) => {
        count++
        if (refusal) return false
        if (count > MAX_ZIP_ENTRIES) refusal = `The archive holds more than ${MAX_ZIP_ENTRIES} files; it was not read.`
        if (isZipJunk(f.name) || !want(f.name)) return false
        total += f.originalSize
        if (f.originalSize > MAX_ENTRY_BYTES || total > MAX_UNZIPPED_BYTES)
          refusal = 'The archive would unpack to more than 200 MB per file or 300 MB in all; it was not read.'
        return refusal === null
      },
    })
    return refusal ?? out
  } catch (err) {
    return refusal ?? `The archive could not be read (${(err as Error).message || 'not a zip file'}; truncated?).`
  }
}

/** Entry names without inflating anything (to tell a zipped Shapefile from a KMZ by its contents). */
export function zipEntryNames(bytes: Uint8Array): string[] {
  const names: string[] = []
  try {
    unzipSync(bytes, {
      filter: (f) => {
        if (names.length < MAX_ZIP_ENTRIES && !isZipJunk(f.name)) names.push(f.name)
        return false
      },
    })
  } catch {
    // A broken archive: the importer chosen by name reports why.
  }
  return names
}
