/**
 * The worker thread that owns the embedded database. PGlite runs PostgreSQL in WebAssembly on the
 * thread that calls it, so a long statement would stall the HTTP server; here it stalls only this
 * thread, and the main thread can give up on it (terminate the worker and open the data again).
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { SESSION_SETUP } from './database'
import type { WorkerReply, WorkerRequest } from './pglite-protocol'
import { postgisSlim } from './postgis-bundle'

const port = parentPort
if (!port) throw new Error('pglite-worker.ts runs as a worker thread')

const { dataDir } = workerData as { dataDir: string }
let pg: PGlite
try {
  pg = await PGlite.create({ dataDir, extensions: { postgis: postgisSlim, pg_trgm } })
  await pg.exec(SESSION_SETUP)
  port.postMessage({ kind: 'ready' } satisfies WorkerReply)
} catch (e) {
  port.postMessage({ kind: 'failed', message: (e as Error).message } satisfies WorkerReply)
  process.exit(1)
}

port.on('message', async (msg: WorkerRequest) => {
  if (msg.kind === 'close') {
    await pg.close()
    port.postMessage({ kind: 'closed' } satisfies WorkerReply)
    return
  }
  try {
    let rows: Record<string, unknown>[] = []
    if (msg.kind === 'exec') await pg.exec(msg.sql)
    else if (msg.kind === 'copy') await pg.query(msg.sql, [], { blob: new Blob([msg.data]) })
    else rows = (await pg.query<Record<string, unknown>>(msg.sql, msg.params)).rows
    port.postMessage({ kind: 'rows', id: msg.id, rows } satisfies WorkerReply)
  } catch (e) {
    const err = e as Error & { code?: string }
    // A WebAssembly trap (GEOS abort, out of memory) leaves the instance unusable: say so, so the
    // owner opens it again instead of sending more work to a dead engine.
    const fatal = e instanceof WebAssembly.RuntimeError
    port.postMessage({
      kind: 'error',
      id: msg.id,
      error: { name: err.name, message: String(err.message), code: err.code, fatal },
    } satisfies WorkerReply)
  }
})
