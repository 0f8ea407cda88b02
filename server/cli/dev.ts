import { spawn } from 'node:child_process'

/**
 * `npm run dev`: the API server (PORT 8787) and Vite with hot reload (which proxies the API paths to
 * it, see vite.config.ts), as two children that stop together.
 */
const children = [
  spawn(process.execPath, ['--import', 'tsx', 'server/cli/start.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.API_PORT ?? '8787', STATIC_DIR: '.no-static' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
]
const stop = () => {
  for (const c of children) c.kill('SIGTERM')
}
for (const c of children) {
  c.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  })
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
