/**
 * Unpacks the wanted entries of a zip to a directory, streaming (fflate's Unzip): a zipped county
 * of several gigabytes is inflated chunk by chunk to disk, never held in memory, and the Shapefile
 * reader then streams from the files.
 */
import { createReadStream, createWriteStream, mkdirSync, statSync, type WriteStream } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate'
import { isZipJunk } from '../../../formats/zip'
import { SourceError } from './source'
import { ZIP_PIECE_BYTES, ZipBudget } from './zip-limits'

/**
 * Returns the written files' paths by entry name: flattened (each zip folder gets a number prefix),
 * or with `keepFolders` under their own folders (a FileGDB is a folder of files with fixed names).
 */
export async function unzipToDir(
  zipPath: string,
  dir: string,
  want: (name: string) => boolean,
  keepFolders = false,
): Promise<Map<string, string>> {
  mkdirSync(dir, { recursive: true })
  const written = new Map<string, string>()
  const folders = new Map<string, number>()
  const pending: Promise<void>[] = []
  let failure: Error | null = null
  const budget = new ZipBudget(statSync(zipPath).size)
  const outs: WriteStream[] = []
  const unzip = new Unzip((entry) => {
    if (entry.name.endsWith('/') || isZipJunk(entry.name) || !want(entry.name)) return
    // Two layers of the same name in different folders stay apart; siblings keep a common stem.
    const folder = dirname(entry.name)
    if (!folders.has(folder)) folders.set(folder, folders.size)
    // Entry names are the zip's text: parts that climb out of `dir` are dropped.
    const kept = entry.name.split(/[\\/]+/).filter((p) => p && p !== '.' && p !== '..')
    const path = keepFolders ? join(dir, ...kept) : join(dir, `${folders.get(folder)}-${basename(entry.name)}`)
    if (keepFolders) mkdirSync(dirname(path), { recursive: true })
    written.set(entry.name, path)
    const out: WriteStream = createWriteStream(path)
    outs.push(out)
    pending.push(
      new Promise<void>((ok, fail) => {
        out.on('finish', ok)
        out.on('error', fail)
      }),
    )
    entry.ondata = (err, chunk, final) => {
      if (failure) return
      const over = err ? null : budget.add(entry.name, chunk.length)
      if (err || over) {
        failure = err ?? new ZipLimitError(over as string)
        entry.terminate()
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
      // Small pieces, and the disk keeps up: memory stays flat whatever the entries inflate to.
      const bytes = chunk as Uint8Array
      for (let at = 0; at < bytes.length && !failure; at += ZIP_PIECE_BYTES) {
        unzip.push(bytes.subarray(at, at + ZIP_PIECE_BYTES))
        const full = outs.find((o) => o.writableNeedDrain && !o.destroyed)
        if (full) await new Promise<void>((ok) => full.once('drain', () => ok()).once('close', () => ok()))
      }
      if (failure) break
    }
    if (!failure) unzip.push(new Uint8Array(0), true)
  } catch (e) {
    failure = e as Error
  }
  if (failure instanceof ZipLimitError) throw new SourceError(`${zipPath} was not unpacked: ${failure.message}`)
  if (failure) throw new SourceError(`${zipPath} could not be unpacked (${(failure as Error).message}; truncated?)`)
  await Promise.all(pending)
  return written
}

class ZipLimitError extends Error {}
