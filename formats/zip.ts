/**
 * Zip archives as the area import (src/features/import/unzip.ts, in memory) and the county loader
 * (server/load/readers/unzip-to-dir.ts, streamed to disk) read them.
 */

/** Entries macOS adds beside the real files (`__MACOSX/…`, `._name` resource forks): never layers. */
export const isZipJunk = (name: string): boolean =>
  name.startsWith('__MACOSX/') || name.split('/').pop()?.startsWith('._') === true
