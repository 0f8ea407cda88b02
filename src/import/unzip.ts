/** Safe unzip for imports: refuses archives whose entries would inflate beyond a sane size (zip bombs). */
import { unzipSync } from 'fflate'

const MAX_ENTRY_BYTES = 200 * 1024 * 1024
const MAX_ENTRIES = 1000

/** The wanted entries, or a message saying why the archive could not be read. */
export function unzipEntries(bytes: Uint8Array, want: (name: string) => boolean): Record<string, Uint8Array> | string {
  let count = 0
  let tooBig = false
  try {
    const out = unzipSync(bytes, {
      filter: (f) => {
        count++
        if (f.originalSize > MAX_ENTRY_BYTES) tooBig = true
        return count <= MAX_ENTRIES && !tooBig && !f.name.startsWith('__MACOSX/') && want(f.name)
      },
    })
    if (tooBig) return 'The archive holds a file too large to import (over 200 MB uncompressed).'
    return out
  } catch (err) {
    return `The archive could not be read (${(err as Error).message || 'not a zip file'}).`
  }
}
