/**
 * `npm run bench:words [-- --write]`: the "ask in words" parser (issue 43) against the committed
 * questions in bench/words-questions.json, with the Census county list the app uses (us-atlas).
 * Prints the share exactly right, flagged and silently wrong — overall, on the questions the parser
 * was tuned on and on the held-out ones — and each question that is not exact with what differs.
 * `--write` puts the figures in BENCHMARKS.md. Exits 1 when the targets are missed (exact < 90 %,
 * or any question silently wrong).
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { parseWords } from '../contract/words/parse-words'
import { censusCounties } from '../server/words/census-counties'
import { writeSection } from './benchmarks-file'
import { differences, type Question, type Verdict, verdict } from './words-score'

const { values } = parseArgs({ options: { write: { type: 'boolean', default: false } } })

const counties = censusCounties()

const questions = JSON.parse(readFileSync('bench/words-questions.json', 'utf8')) as Question[]
const started = performance.now()
const results = questions.map((q) => ({ q, parse: parseWords(q.q, counties) }))
const ms = performance.now() - started

const pct = (n: number, of: number) => (of === 0 ? '–' : `${((100 * n) / of).toFixed(1)} %`)
function row(label: string, set: typeof results): string {
  const count = (v: Verdict) => set.filter((r) => verdict(r.q, r.parse) === v).length
  const anyFlag = set.filter((r) => r.parse.unknown.length > 0).length
  return `| ${label} | ${set.length} | ${pct(count('exact'), set.length)} | ${pct(count('flagged'), set.length)} | ${pct(count('silently-wrong'), set.length)} | ${pct(anyFlag, set.length)} |`
}
const table = [
  '| questions | n | exactly right | not exact, flagged | silently wrong | any word flagged |',
  '|---|---:|---:|---:|---:|---:|',
  row('all', results),
  row(
    'tuned on',
    results.filter((r) => r.q.tuned),
  ),
  row(
    'held out',
    results.filter((r) => !r.q.tuned),
  ),
].join('\n')

const misses = results
  .filter((r) => verdict(r.q, r.parse) !== 'exact')
  .map(
    (r) =>
      `- ${r.q.tuned ? '' : '(held out) '}#${r.q.id} "${r.q.q}" — ${verdict(r.q, r.parse)}: ${differences(r.q, r.parse).join('; ')}`,
  )
console.log(table)
console.log(`\n${questions.length} questions parsed in ${ms.toFixed(0)} ms (${counties.length} counties).`)
if (misses.length > 0) console.log(`\nNot exact:\n${misses.join('\n')}`)

if (values.write) {
  writeSection(
    'words',
    [
      '## Ask in words (`npm run bench:words`; issue 43)',
      '',
      `The deterministic parser (\`contract/words/\`) on the ${questions.length} committed questions of`,
      '`bench/words-questions.json` (land buyers, agronomists, appraisers, brokers), with the Census',
      'county list. Exact = same filter set, scope, area, sort and theme, and exactly the expected words',
      'flagged; "flagged" = not exact but the user sees an unknown word; "silently wrong" = not exact',
      'and nothing flagged. The held-out questions were written before tuning and never tuned on.',
      '',
      table,
      '',
      ...(misses.length > 0 ? ['Not exact:', '', ...misses] : []),
    ].join('\n'),
  )
}
const exact = results.filter((r) => verdict(r.q, r.parse) === 'exact').length
const silent = results.filter((r) => verdict(r.q, r.parse) === 'silently-wrong').length
if (exact / results.length < 0.9 || silent > 0) process.exitCode = 1
