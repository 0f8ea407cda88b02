/**
 * Every relative link in README.md and docs/*.md resolves: the file exists and, for `#anchor`, the
 * target Markdown file has a heading with that slug as GitHub makes it; every repository path the
 * text names in code exists. The README points into the
 * guides and the guides into each other, so a renamed heading or moved guide would otherwise break
 * links silently (issue 36).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '..')

/** Fenced code blocks hold shell and JSON, where `[x](y)` and `# x` are not Markdown. */
const FENCED = /^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm

/** The text outside fenced blocks and inline code spans. */
function withoutCode(markdown: string): string {
  return markdown.replace(FENCED, '').replace(/`[^`\n]*`/g, '')
}

/** GitHub's heading anchor: lower case, punctuation dropped (hyphens and underscores kept), spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** Anchors of a file's headings; a repeated heading gets -1, -2… as on GitHub. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  const fenceless = markdown.replace(FENCED, '')
  for (const [, text] of fenceless.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(text ?? '')
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    anchors.add(n === 0 ? base : `${base}-${n}`)
  }
  return anchors
}

/** Relative link targets of inline links and images (`[text](target)`, `![alt](target "title")`). */
function linksOf(markdown: string): string[] {
  const targets: string[] = []
  for (const [, target] of withoutCode(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    if (target && !/^[a-z][a-z0-9+.-]*:/i.test(target)) targets.push(target)
  }
  return targets
}

/** What is wrong with each broken link of `file` (relative to the repository). */
function brokenLinks(file: string): string[] {
  const path = join(ROOT, file)
  const problems: string[] = []
  for (const link of linksOf(readFileSync(path, 'utf8'))) {
    const [target = '', anchor] = link.split('#', 2)
    const resolved = target === '' ? path : resolve(dirname(path), decodeURI(target))
    if (!existsSync(resolved)) {
      problems.push(`${file}: ${link} — no file ${relative(ROOT, resolved)}`)
      continue
    }
    if (anchor === undefined || statSync(resolved).isDirectory() || !resolved.endsWith('.md')) continue
    if (!anchorsOf(readFileSync(resolved, 'utf8')).has(decodeURIComponent(anchor))) {
      problems.push(`${file}: ${link} — no heading #${anchor} in ${relative(ROOT, resolved)}`)
    }
  }
  return problems
}

/**
 * Repository paths the text names in code spans (`src/features/value/`, `server/load/compare-county.ts`):
 * the guides send readers to the code, and a moved module must take its mention along. Patterns and
 * placeholders (`*`, `{z}`, `<name>`, `…`) are not paths.
 */
function pathsNamed(markdown: string): string[] {
  const prose = markdown.replace(FENCED, '')
  const paths: string[] = []
  for (const [, span] of prose.matchAll(/`((?:src|server|contract|formats|scripts|e2e|bench|docs)\/[^`\s]*)`/g)) {
    if (span && !/[*{}<>…]/.test(span)) paths.push(span.replace(/[,;:.)]+$/, ''))
  }
  return paths
}

function missingPaths(file: string): string[] {
  return pathsNamed(readFileSync(join(ROOT, file), 'utf8'))
    .filter((p) => !existsSync(join(ROOT, p)))
    .map((p) => `${file}: \`${p}\` — no such file or folder`)
}

const docs = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
]

describe('documentation links and paths', () => {
  it('makes anchors as GitHub does', () => {
    expect(slug('API choices where the spec says "not shown"')).toBe('api-choices-where-the-spec-says-not-shown')
    expect(slug('What changed on reload: `GET /changes`')).toBe('what-changed-on-reload-get-changes')
    expect(slug('Dirty files (issue 19)')).toBe('dirty-files-issue-19')
    expect([...anchorsOf('# A\n## Notes\n```sh\n# not a heading\n```\n## Notes\n')]).toEqual(['a', 'notes', 'notes-1'])
  })

  it('finds relative links outside code, not URLs', () => {
    const text =
      '[a](a.md) ![s](images/s.png "shot") [b](#b) [w](https://x.org/a.md) `[c](c.md)`\n```\n[d](d.md)\n```\n'
    expect(linksOf(text)).toEqual(['a.md', 'images/s.png', '#b'])
  })

  it.each(docs)('%s: every relative link and #anchor resolves', (file) => {
    expect(brokenLinks(file)).toEqual([])
  })

  it('reads repository paths from code spans, not from fenced blocks or patterns', () => {
    const text = 'See `src/a.ts`, `docs/*.md` and `server/x/`.\n```sh\nnode scripts/b.ts\n```\n`bench/c.ts`'
    expect(pathsNamed(text)).toEqual(['src/a.ts', 'server/x/', 'bench/c.ts'])
  })

  it('README stays a front page (≤ 150 lines; the rest belongs in a guide under docs/)', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(150)
  })

  it.each(docs)('%s: every repository path it names exists', (file) => {
    expect(missingPaths(file)).toEqual([])
  })
})
