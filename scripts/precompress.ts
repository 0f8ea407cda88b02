/**
 * Writes `.br` and `.gz` copies of the built app's text assets, once at build time, so the server
 * sends them compressed at no CPU cost per request (serveStatic's `precompressed`). Brotli at its
 * best quality: it runs once per build, not per request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|map|txt|xml|wasm)$/i
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024

export function precompress(dir: string): { files: number; before: number; after: number } {
  const stats = { files: 0, before: 0, after: 0 }
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name)
      if (statSync(path).isDirectory()) {
        walk(path)
        continue
      }
      if (!COMPRESSIBLE.test(name)) continue
      const raw = readFileSync(path)
      if (raw.byteLength < MIN_BYTES) continue
      const br = brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength },
      })
      writeFileSync(`${path}.br`, br)
      writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }))
      stats.files++
      stats.before += raw.byteLength
      stats.after += br.byteLength
    }
  }
  walk(dir)
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
    closeBundle() {
      const { files, before, after } = precompress(outDir)
      console.log(
        `precompressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`,
      )
    },
  }
}
