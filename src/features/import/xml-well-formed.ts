/**
 * Why a text is not well-formed XML, found before the browser's DOMParser sees it. On a broken file
 * Chromium's parser builds its own error element with inline `style` attributes, which our Content
 * Security Policy (style-src 'self') refuses: two violations in the console for every broken KML
 * (issue 37 item 10). This scan is lenient — it reports only what is certainly broken (a tag never
 * closed, closed out of order, a bare `<` or `&`, an unterminated comment, quote or tag, text
 * outside the root) and leaves every finer rule to DOMParser, so no valid file is refused here.
 */

const NAME = /^[^\s/>=<"'!?]+/
const REFERENCE = /^&(#[0-9]+|#x[0-9a-fA-F]+|[^\s&;<>"']+);/

/** The first certain problem, in words, with its line; null when the text may be well-formed. */
export function xmlProblem(text: string): string | null {
  const open: { name: string; at: number }[] = []
  let roots = 0
  let i = 0
  const lineOf = (at: number) => text.slice(0, at).split('\n').length
  const problem = (what: string, at: number) => `line ${lineOf(at)}: ${what}`
  const textProblem = (from: number, to: number): string | null => {
    for (let a = text.indexOf('&', from); a !== -1 && a < to; a = text.indexOf('&', a + 1)) {
      if (!REFERENCE.test(text.slice(a, a + 40))) return problem('a bare “&” that is no entity', a)
    }
    if (open.length === 0 && text.slice(from, to).trim() !== '')
      return problem('text outside the document’s root', from)
    return null
  }
  while (i < text.length) {
    const lt = text.indexOf('<', i)
    const textEnd = lt === -1 ? text.length : lt
    const inText = textProblem(i, textEnd)
    if (inText) return inText
    if (lt === -1) break
    const skipTo = (end: string, what: string): number | string => {
      const e = text.indexOf(end, lt)
      return e === -1 ? problem(`${what} never ends`, lt) : e + end.length
    }
    let next: number | string
    if (text.startsWith('<?', lt)) next = skipTo('?>', 'a processing instruction')
    else if (text.startsWith('<!--', lt)) next = skipTo('-->', 'a comment')
    else if (text.startsWith('<![CDATA[', lt))
      next = open.length ? skipTo(']]>', 'a CDATA section') : problem('a CDATA section outside the root', lt)
    else if (text.startsWith('<!', lt)) {
      const bracket = text.indexOf('[', lt)
      const close = text.indexOf('>', lt)
      next = bracket !== -1 && bracket < close ? skipTo(']>', 'a DOCTYPE') : skipTo('>', 'a DOCTYPE')
    } else if (text.startsWith('</', lt)) {
      const name = NAME.exec(text.slice(lt + 2, lt + 202))?.[0]
      const close = text.indexOf('>', lt)
      const top = open.pop()
      if (!name || close === -1 || text.slice(lt + 2 + name.length, close).trim() !== '')
        next = problem('a closing tag that is not complete', lt)
      else if (!top) next = problem(`</${name}> closes a tag that was never opened`, lt)
      else if (top.name !== name) next = problem(`</${name}> closes <${top.name}> from line ${lineOf(top.at)}`, lt)
      else next = close + 1
    } else next = startTag(lt)
    if (typeof next === 'string') return next
    i = next
  }
  const last = open.at(-1)
  if (last) return problem(`<${last.name}> is never closed`, last.at)
  return roots === 0 ? 'no XML element in it' : null

  function startTag(lt: number): number | string {
    const name = NAME.exec(text.slice(lt + 1, lt + 201))?.[0]
    if (!name) return problem('a “<” that starts no tag', lt)
    let j = lt + 1 + name.length
    for (;;) {
      while (j < text.length && /\s/.test(text[j] ?? '')) j++
      if (text.startsWith('/>', j) || text[j] === '>') {
        if (open.length === 0 && roots++ > 0) return problem('a second root element', lt)
        if (text[j] === '>') open.push({ name, at: lt })
        return j + (text[j] === '>' ? 1 : 2)
      }
      const attr = NAME.exec(text.slice(j, j + 200))?.[0]
      if (!attr) return problem(`the tag <${name}> is not complete`, lt)
      j += attr.length
      while (/\s/.test(text[j] ?? '')) j++
      if (text[j] !== '=') return problem(`the attribute ${attr} of <${name}> has no value`, lt)
      j++
      while (/\s/.test(text[j] ?? '')) j++
      const quote = text[j]
      if (quote !== '"' && quote !== "'") return problem(`the attribute ${attr} of <${name}> is not quoted`, lt)
      const end = text.indexOf(quote, j + 1)
      if (end === -1) return problem(`the attribute ${attr} of <${name}> never ends`, lt)
      if (text.slice(j + 1, end).includes('<')) return problem(`a “<” in the attribute ${attr} of <${name}>`, lt)
      j = end + 1
    }
  }
}
