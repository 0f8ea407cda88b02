/**
 * Node's arguments for `npm run load`, exactly as package.json has them (its flags, then the
 * launcher, scripts/run-cli.mjs, and the command): what the loader's tests and `bench:load` run,
 * so they time and test what a person runs. Among the flags is a young generation of 64 MiB
 * semi-spaces (V8's default is 16), which cut the read's garbage collection: 36–48 µs a feature
 * against 51–59 µs at 200,000 features (bench:load-read, issue 23).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const PACKAGE = join(import.meta.dirname, '..', 'package.json')

export const LOAD_ARGS: readonly string[] = (
  JSON.parse(readFileSync(PACKAGE, 'utf8')) as { scripts: { load: string } }
).scripts.load
  .split(' ')
  .slice(1)
