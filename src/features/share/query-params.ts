/**
 * Splits a link's query into its parameters and notices a link that was cut short. Every Plat
 * link ends with `v=…` (url-codec writes it last), so a link without it lost its end on the way —
 * a mail tool's length limit, a half-copied line. Then its last parameter is presumably cut too:
 * the part of it after its last separator is dropped (one area, one filter, one column), or the
 * whole parameter when it has no parts, so a cut never silently shrinks an area or a value.
 */

/** Longer input is not a link anyone sent; decoding stops there. */
const MAX_QUERY_LENGTH = 200_000

/** Parameters made of parts, with their separator and what one part is called in a message. */
const SPLIT: Record<string, { sep: string; part: (n: number) => string }> = {
  a: { sep: '~', part: (n) => `search area ${n}` },
  f: { sep: '~', part: (n) => `filter ${n}` },
  cols: { sep: '.', part: () => 'the last column name' },
  g: { sep: '.', part: (n) => `parcel ${n} of the assemblage` },
}
const WHOLE: Record<string, string> = {
  m: 'the search mode',
  o: 'the sort order',
  b: 'the buildings setting',
  s: 'whether the search had been run',
  p: 'the selected parcel',
  c: 'the map view',
  t: 'the map colouring',
  cs: 'the comparable-sales section',
  dv: 'the date of the link’s data',
}

export function readParams(input: string): { params: Map<string, string>; problems: string[] } {
  const problems: string[] = []
  let query = input.replace(/^\?/, '')
  if (query.length > MAX_QUERY_LENGTH) {
    query = query.slice(0, MAX_QUERY_LENGTH)
    problems.push('The link is far longer than any Plat link; only its beginning was read.')
  }
  const params = new Map<string, string>()
  let last: string | undefined
  for (const pair of query.split('&')) {
    if (!pair) continue
    const eq = pair.indexOf('=')
    const key = loose(eq < 0 ? pair : pair.slice(0, eq))
    const value = eq < 0 ? '' : pair.slice(eq + 1)
    // Only `f` holds %-escapes of its own; elsewhere an escape was added by a tool that re-encoded
    // the link (`~` → `%7E`, `,` → `%2C`), so undoing it restores what Plat wrote.
    params.set(key, key === 'f' ? value : loose(value))
    last = key
  }
  if (last !== undefined && !params.has('v')) {
    const lost = dropCutEnd(params, last)
    if (lost)
      problems.push(
        `This link seems to have been cut short (it lacks the v=… every Plat link ends with), so ${lost} was left out.`,
      )
  }
  return { params, problems }
}

/** Removes what a cut may have damaged; returns its name, or null for a parameter Plat does not write. */
function dropCutEnd(params: Map<string, string>, key: string): string | null {
  const value = params.get(key) ?? ''
  const split = SPLIT[key]
  if (split) {
    const parts = value.split(split.sep)
    if (parts.length > 1) params.set(key, parts.slice(0, -1).join(split.sep))
    else params.delete(key)
    return split.part(parts.length)
  }
  params.delete(key)
  return WHOLE[key] ?? null
}

function loose(s: string): string {
  if (!s.includes('%')) return s
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}
