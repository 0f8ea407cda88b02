import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'

const FILE = 'BENCHMARKS.md'

export function machineLine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU'
  return `${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`
}

/** Replaces (or appends) the section between `<!-- name:start -->` and `<!-- name:end -->`. */
export function writeSection(name: string, body: string): void {
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const text = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '# Benchmarks\n'
  const block = `${start}\n${body.trim()}\n${end}`
  const re = new RegExp(`${start}[\\s\\S]*?${end}`)
  writeFileSync(FILE, re.test(text) ? text.replace(re, block) : `${text.trimEnd()}\n\n${block}\n`)
}
