/**
 * `npm start`: the server as a process, stopping cleanly on Ctrl-C or SIGTERM (so the embedded
 * database is closed and usage written), and a configuration or start-up failure said in one line
 * rather than a stack trace.
 */
import { loadConfig } from '../config'
import { startServer } from '../server'

try {
  const running = await startServer(loadConfig())
  let closing = false
  const stop = async () => {
    if (closing) return
    closing = true
    await running.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} catch (e) {
  console.error(`Plat could not start: ${(e as Error).message}`)
  process.exit(1)
}
