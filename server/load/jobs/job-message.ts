/**
 * What a one-county load tells the `--counties` run that started it (load-counties.ts), over the
 * IPC channel Node's `fork` opens: its outcome as data, so the run's summary never parses the
 * county's printed summary. A load started any other way has no channel and tells no one.
 */
export type JobMessage =
  | { kind: 'loaded'; parcels: number; seconds: number; version: string }
  | { kind: 'failed'; reason: string }

export const isJobMessage = (m: unknown): m is JobMessage =>
  typeof m === 'object' && m !== null && ((m as JobMessage).kind === 'loaded' || (m as JobMessage).kind === 'failed')

/**
 * Sends `m` to the parent, if there is one, and closes the channel once it is sent: an open channel
 * keeps a process alive, and a failed load exits right after this.
 */
export function tellParent(m: JobMessage): Promise<void> {
  if (!process.send || !process.connected) return Promise.resolve()
  return new Promise((done) => {
    process.send!(m, undefined, {}, () => {
      process.disconnect()
      done()
    })
  })
}
