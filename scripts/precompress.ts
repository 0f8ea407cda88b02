/**
 * Writes `.br` and `.gz` copies of the built app's text assets, once at build time, so the server
 * sends them compressed at no CPU cost per request (serveStatic's `precompressed`). Brotli at its
 * best quality: it runs once per build, not per request.
 *
 * Source maps are left out: only a developer's tools fetch them, and at 60 % of the bytes they were
 * most of the 40 s this step took in CI's browser-test lane (issue 36). The files are compressed on
 * the thread pool, several at once, rather than one after another on the main thread.
 */
import { readdirSync, statSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|wasm)$/i
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024
const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return filesOf(path)
    return COMPRESSIBLE.test(name) ? [path] : []
  })
}

export async function precompress(dir: string): Promise<{ files: number; before: number; after: number }> {
  const stats = { files: 0, before: 0, after: 0 }
  await Promise.all(
    filesOf(dir).map(async (path) => {
      const raw = await readFile(path)
      if (raw.byteLength < MIN_BYTES) return
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength },
        }),
        gzipAsync(raw, { level: 9 }),
      ])
      await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)])
      stats.files++
      stats.before += raw.byteLength
      stats.after += br.byteLength
    }),
  )
  return stats
}

/** The Vite plugin: after the bundle is written, compress what is in the output directory. */
export function precompressPlugin() {
  let outDir = 'dist'
  return {
    name: 'plat-precompress',
    apply: 'build' as const,
    configResolved(config: { build: { outDir: string } }) {
      outDir = config.build.outDir
    },
    async closeBundle() {
      const t0 = performance.now()
      const { files, before, after } = await precompress(outDir)
      console.log(
        `precompressed ${files} files in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`,
      )
    },
  }
}
