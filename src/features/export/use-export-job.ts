/** One export at a time: progress for the live region, cancel via AbortController, errors as text. */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { RunOptions } from './export-runner'
import { isAbort } from './export-runner'

export type ExportJobState =
  | { status: 'idle' }
  | { status: 'running'; label: string; done: number; total: number }
  | { status: 'done'; message: string }
  | { status: 'error'; message: string }

export function useExportJob() {
  const [state, setState] = useState<ExportJobState>({ status: 'idle' })
  const controller = useRef<AbortController | null>(null)

  // Leaving the page region (new search, unmount) must not keep serialising in the background.
  useEffect(() => () => controller.current?.abort(), [])

  const run = useCallback(async (label: string, work: (options: RunOptions) => Promise<string>) => {
    controller.current?.abort()
    const c = new AbortController()
    controller.current = c
    setState({ status: 'running', label, done: 0, total: 0 })
    try {
      const message = await work({
        signal: c.signal,
        onProgress: (done, total) => setState({ status: 'running', label, done, total }),
      })
      if (controller.current === c) setState({ status: 'done', message })
    } catch (error) {
      if (controller.current !== c) return
      if (isAbort(error)) setState({ status: 'done', message: `${label} export cancelled.` })
      else setState({ status: 'error', message: `${label} export failed: ${describe(error)}` })
    } finally {
      if (controller.current === c) controller.current = null
    }
  }, [])

  const cancel = useCallback(() => controller.current?.abort(), [])
  return { state, run, cancel }
}

function describe(error: unknown): string {
  if (error instanceof RangeError) return 'the file is too large for this browser; export fewer records.'
  return error instanceof Error ? error.message : String(error)
}
