/**
 * Unpacks the wanted entries of a zip to a directory, streaming (fflate's Unzip): a zipped county
 * of several gigabytes is inflated chunk by chunk to disk, never held in memory, and the Shapefile
 * reader then streams from the files.
 */
import { createReadStream, createWriteStream, mkdirSync, type WriteStream } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate'
import { isZipJunk } from '../../formats/zip'
import { SourceError } from './source'

/** Returns the written files' paths by entry name (flattened: each zip folder gets a number prefix). */
export async function unzipToDir(
  zipPath: string,
  dir: string,
  want: (name: string) => boolean,
): Promise<Map<string, string>> {
  mkdirSync(dir, { recursive: true })
  const written = new Map<string, string>()
  const folders = new Map<string, number>()
  const pending: Promise<void>[] = []
  let failure: Error | null = null
  const unzip = new Unzip((entry) => {
    if (entry.name.endsWith('/') || isZipJunk(entry.name) || !want(entry.name)) return
    // Two layers of the same name in different folders stay apart; siblings keep a common stem.
    const folder = dirname(entry.name)
    if (!folders.has(folder)) folders.set(folder, folders.size)
    const path = join(dir, `${folders.get(folder)}-${basename(entry.name)}`)
    written.set(entry.name, path)
    const out: WriteStream = createWriteStream(path)
    pending.push(
      new Promise<void>((ok, fail) => {
        out.on('finish', ok)
        out.on('error', fail)
      }),
    )
    entry.ondata = (err, chunk, final) => {
      if (err) {
        failure = err
        out.destroy()
        return
      }
      out.write(chunk)
      if (final) out.end()
    }
    entry.start()
  })
  unzip.register(UnzipInflate)
  unzip.register(UnzipPassThrough)
  const input = createReadStream(zipPath, { highWaterMark: 1 << 20 })
  try {
    for await (const chunk of input) {
      unzip.push(chunk as Uint8Array)
      if (failure) break
    }
    if (!failure) unzip.push(new Uint8Array(0), true)
  } catch (e) {
    failure = e as Error
  }
  if (failure) throw new SourceError(`${zipPath} could not be unpacked (${(failure as Error).message}; truncated?)`)
  await Promise.all(pending)
  return written
}
