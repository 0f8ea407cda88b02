import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ExportMenu } from './export-menu'

// No DOM in the unit project: a server render checks the accessible structure and the count note.
describe('ExportMenu markup', () => {
  it('is a collapsed disclosure naming how many loaded records will be exported', () => {
    const html = renderToStaticMarkup(
      createElement(ExportMenu, {
        records: [{ svc_uuid: 'a' }, undefined, { svc_uuid: 'b' }],
        visibleColumns: ['owner'],
        searchSummary: 'Story County IA',
      }),
    )
    expect(html).toContain('aria-expanded="false"')
    expect(html).toMatch(/aria-controls="[^"]+"/)
    expect(html).toContain('2 loaded records will be exported (1 not loaded yet are left out).')
    for (const label of ['CSV — visible columns', 'CSV — all fields', 'GeoJSON', 'KML', 'Owner mailing list…']) {
      expect(html).toContain(`>${label}</button>`)
    }
    expect(html).toContain('aria-live="polite"')
  })
})
