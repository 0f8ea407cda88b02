/**
 * `npm test`: every suite, with those that do not need each other side by side. One after another
 * they took 52 min on the 2-core CI machine (issue 36), and the long ones leave a core idle much of
 * the time: the API suites run one file at a time and mostly wait on the one server or CLI process
 * it spawned; the browser tests run one test at a time (e2e/lookup.spec.ts measured ~1.4 cores with
 * its server, much of it waiting on animations and the network). So the browser tests run in one
 * lane and the database and API suites in the other, after lint and type-check (one step) beside the
 * unit tests (which fail fastest). Measured on a clean clone (2026-11-29, docs/testing.md):
 * each lane ran at 1.5–2× its time alone; the whole run went 3,111 s → 2,839 s with the prepared
 * databases' cuts, far from half.
 *
 * Each line a step prints comes out tagged with the step's name as it is printed, so a CI log keeps
 * its timestamps; each step's time is printed when it ends, and a failing step's output is printed
 * again, whole, at the end. The first failure stops the other steps.
 */
import { type ChildProcess, spawn } from 'node:child_process'

/** An npm script; a stage's lanes run side by side, the steps of a lane one after another. */
type Stage = string[][]

/**
 * The API suite's two halves are lanes of their own: with one lane for both, the browser tests ran
 * their last 900 s alone on a machine they use ~1.3 cores of (CI, 2026-11-29: e2e lane 3,258 s, db +
 * API 2,368 s); a third lane keeps both cores busy until the end instead.
 */
const PLAN: Stage[] = [
  // Lint and the type check in one step: the dead-export check's TypeScript program reports the
  // type errors too (one program built instead of two); the unit tests beside it, not after it.
  [['lint-and-types'], ['test:unit']],
  [['test:e2e'], ['test:db', 'test:api-embedded'], ['test:api-pg']],
]

interface Outcome {
  step: string
  code: number
  verdict?: 'passed' | 'FAILED' | 'stopped'
  seconds: number
  output: string
}

const running = new Set<ChildProcess>()
let stopping = false

function runStep(step: string): Promise<Outcome> {
  const t0 = performance.now()
  // Its own process group, so a failure elsewhere can stop it with everything it started.
  const child = spawn('npm', ['run', '--silent', step], { stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  running.add(child)
  let output = ''
  let partial = { stdout: '', stderr: '' }
  const tag = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
    const text = partial[stream] + chunk.toString()
    const lines = text.split('\n')
    partial = { ...partial, [stream]: lines.pop() ?? '' }
    for (const line of lines) {
      output += `${line}\n`
      process[stream].write(`[${step}] ${line}\n`)
    }
  }
  child.stdout?.on('data', tag('stdout'))
  child.stderr?.on('data', tag('stderr'))
  return new Promise((done) => {
    child.on('close', (code, signal) => {
      running.delete(child)
      for (const rest of [partial.stdout, partial.stderr]) if (rest) output += `${rest}\n`
      const seconds = (performance.now() - t0) / 1000
      done({ step, code: code ?? (signal ? 1 : 0), seconds, output })
    })
  })
}

/** How long a stopped step has to shut down what it started before it is killed. */
const GRACE_MS = 20_000

const signalGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    if (child.pid) process.kill(-child.pid, signal)
  } catch {
    // already gone
  }
}

/**
 * SIGINT first: Playwright stops its web servers on it (they run in process groups of their own,
 * out of reach of a signal to the step's group), and vitest runs its teardown. With SIGTERM the
 * runner died at once and left the e2e servers holding their ports. Whatever still runs after the
 * grace period is killed.
 */
function stopOthers(): void {
  stopping = true
  for (const child of running) {
    signalGroup(child, 'SIGINT')
    setTimeout(() => signalGroup(child, 'SIGKILL'), GRACE_MS).unref()
  }
}

const times: Outcome[] = []
let failed: Outcome | undefined

async function runLane(steps: string[]): Promise<void> {
  for (const step of steps) {
    if (stopping) return
    console.log(`\n▶ ${step}`)
    const outcome = await runStep(step)
    times.push(outcome)
    outcome.verdict = outcome.code === 0 ? 'passed' : stopping ? 'stopped' : 'FAILED'
    console.log(`■ ${step}: ${outcome.verdict} in ${outcome.seconds.toFixed(0)} s`)
    if (outcome.code !== 0) {
      if (!stopping) failed = outcome
      stopOthers()
      return
    }
  }
}

// Interrupted (Ctrl-C, CI's timeout): the steps are in process groups of their own, so stop them too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopOthers()
    // Exit once the steps have shut down (or were killed after the grace period).
    const t0 = performance.now()
    setInterval(() => {
      if (running.size === 0 || performance.now() - t0 > GRACE_MS + 1_000) process.exit(1)
    }, 200)
  })
}

const t0 = performance.now()
for (const stage of PLAN) {
  await Promise.all(stage.map(runLane))
  if (failed) break
}

console.log('\nStep times:')
for (const t of times) console.log(`  ${t.step.padEnd(17)} ${t.seconds.toFixed(0).padStart(5)} s  ${t.verdict}`)
console.log(`  ${'total'.padEnd(17)} ${((performance.now() - t0) / 1000).toFixed(0).padStart(5)} s`)
if (failed) {
  console.error(`\n${'='.repeat(78)}\n${failed.step} FAILED; its output:\n${'='.repeat(78)}\n${failed.output}`)
  console.error(`${failed.step} FAILED (exit ${failed.code})`)
  process.exit(1)
}
