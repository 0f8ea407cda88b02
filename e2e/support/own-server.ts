/**
 * A server a spec starts for itself (a county of its own, a reload on demand, an archive), beside
 * the shared e2e servers: its output is kept, so the spec can wait for a line it prints, and it can
 * be told things on stdin (`e2e/serve-changes.ts` reloads on `reload`).
 */
import { spawn } from 'node:child_process'

export interface OwnServer {
  /** Resolves with the first match of `pattern` in everything printed so far, or fails with the output's end. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray>
  /** A line on the server's stdin. */
  tell(line: string): void
  stop(): void
}

/** Starts `node <args>` with `env` and waits for "Plat listening on" (up to `readyMs`). */
export async function startOwnServer(
  args: string[],
  env: NodeJS.ProcessEnv,
  readyMs: number,
  name = args.join(' '),
): Promise<OwnServer> {
  const child = spawn(process.execPath, args, { env, stdio: ['pipe', 'pipe', 'pipe'] })
  let output = ''
  const collect = (c: Buffer) => {
    output += c.toString()
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const server: OwnServer = {
    async waitFor(pattern, timeoutMs) {
      const end = Date.now() + timeoutMs
      for (;;) {
        const m = pattern.exec(output)
        if (m) return m
        if (Date.now() > end || child.exitCode !== null) {
          throw new Error(`${name} did not print ${pattern} in time:\n${output.slice(-2000)}`)
        }
        await new Promise((r) => setTimeout(r, 200))
      }
    },
    tell: (line) => void child.stdin?.write(`${line}\n`),
    stop: () => void child.kill('SIGTERM'),
  }
  await server.waitFor(/Plat listening on/, readyMs)
  return server
}
