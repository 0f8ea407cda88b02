/**
 * Drives a format over many records without freezing the page: serialising 20,000 records with
 * ~40 fields takes long enough to block input and paint, so work runs in chunks and yields to the
 * event loop between them. Output is an array of string parts handed straight to a Blob, which
 * avoids building one giant string.
 */

/** What a format module provides; `end` may flush state gathered while serialising items. */
export interface ExportFormat<T> {
  begin(): string
  item(value: T, index: number): string
  end(): string
}

export interface RunOptions {
  signal?: AbortSignal
  onProgress?(done: number, total: number): void
  chunkSize?: number
}

const DEFAULT_CHUNK_SIZE = 500

interface SchedulerLike {
  yield?: () => Promise<void>
}

/** scheduler.yield keeps our place in the queue ahead of unrelated tasks; setTimeout is the fallback. */
function yieldToEventLoop(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerLike }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The export was cancelled.', 'AbortError')
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

export async function runExport<T>(
  items: readonly T[],
  format: ExportFormat<T>,
  options: RunOptions = {},
): Promise<string[]> {
  const { signal, onProgress } = options
  const chunkSize = Math.max(1, options.chunkSize ?? DEFAULT_CHUNK_SIZE)
  const total = items.length
  const parts: string[] = [format.begin()]
  onProgress?.(0, total)
  for (let start = 0; start < total; start += chunkSize) {
    if (signal?.aborted) throw abortError(signal)
    const end = Math.min(total, start + chunkSize)
    // One part per chunk: fewer Blob parts than one per row, still no multi-megabyte concatenation.
    let chunk = ''
    for (let i = start; i < end; i++) chunk += format.item(items[i] as T, i)
    parts.push(chunk)
    onProgress?.(end, total)
    await yieldToEventLoop()
  }
  if (signal?.aborted) throw abortError(signal)
  parts.push(format.end())
  return parts
}

export async function exportBlob<T>(
  items: readonly T[],
  format: ExportFormat<T>,
  type: string,
  options?: RunOptions,
): Promise<Blob> {
  return new Blob(await runExport(items, format, options), { type })
}
