import { JsonDepthScanner } from './json-depth'

export type JsonBytes =
  | { ok: true; bytes: Buffer }
  | { ok: false; why: 'too-large' }
  | { ok: false; why: 'too-deep'; offset: number }

/**
 * A request body read to its end (at most `maxBytes`), its JSON nesting checked chunk by chunk as it
 * arrives: past the offending byte a body is only drained, so a hostile nesting costs the server
 * next to nothing however large it is (issue 19).
 */
export async function readJsonBytes(stream: ReadableStream<Uint8Array>, maxBytes: number): Promise<JsonBytes> {
  const reader = stream.getReader()
  const scanner = new JsonDepthScanner()
  const chunks: Uint8Array[] = []
  let size = 0
  let tooDeep: number | null = null
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      return { ok: false, why: 'too-large' }
    }
    // Past the limit, the rest is only drained (not scanned, not kept), so the answer reaches a
    // client that is still sending and the connection stays usable.
    if (tooDeep !== null) continue
    tooDeep = scanner.push(value)
    if (tooDeep === null) chunks.push(value)
    else chunks.length = 0
  }
  if (tooDeep !== null) return { ok: false, why: 'too-deep', offset: tooDeep }
  return { ok: true, bytes: Buffer.concat(chunks) }
}
