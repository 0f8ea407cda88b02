/**
 * A standalone printable HTML page of address labels laid out like Avery 5160 / 8160
 * (US Letter, 3 × 10 labels of 2⅝" × 1", 0.5" top margin, 0.1875" side margin, ⅛" column gap).
 * The page carries a CSP that forbids scripts: it is built from untrusted owner data and opened
 * in a window of our origin, so escaping is backed by a second wall.
 */

import { htmlEscape } from '../../../formats/xml-text'
import type { MailingEntry } from './mailing-list'

const LABELS_PER_PAGE = 30

const STYLE = `
@page { size: letter; margin: 0.5in 0.1875in; }
* { box-sizing: border-box; }
body { margin: 0; font: 10pt/1.2 Arial, Helvetica, sans-serif; color: #000; }
.page { display: grid; grid-template-columns: repeat(3, 2.625in); grid-auto-rows: 1in; column-gap: 0.125in;
  width: 8.125in; break-after: page; }
.page:last-child { break-after: auto; }
.label { padding: 0.1in 0.15in; overflow: hidden; display: flex; flex-direction: column; justify-content: center; }
.label span { display: block; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.hint { font-size: 9pt; margin: 0 0 0.25in; }
@media print { .hint { display: none; } }
`

/** Lines printed on a label; parts when present (they fit the label), else the one-line address. */
export function labelLines(e: MailingEntry): string[] {
  const cityLine = [e.city && `${e.city},`, e.state, e.zip].filter(Boolean).join(' ').replace(/,$/, '')
  const address = e.address1 ? [e.address1, cityLine] : [e.mailAddress]
  return [e.name, ...address].filter((l) => l.trim() !== '')
}

function label(e: MailingEntry): string {
  return `<div class="label">${labelLines(e)
    .map((l) => `<span>${htmlEscape(l)}</span>`)
    .join('')}</div>`
}

export function mailingLabelsHtml(entries: readonly MailingEntry[], title: string): string {
  const pages: string[] = []
  for (let i = 0; i < entries.length; i += LABELS_PER_PAGE) {
    pages.push(
      `<section class="page">${entries
        .slice(i, i + LABELS_PER_PAGE)
        .map(label)
        .join('')}</section>`,
    )
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${htmlEscape(title)}</title><style>${STYLE}</style></head>
<body><p class="hint">Print at 100% scale (no "fit to page") on Avery 5160-size labels.</p>
${pages.join('\n')}
</body></html>
`
}
