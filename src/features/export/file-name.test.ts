import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { exportFileName, slugify } from './file-name'

const day = new Date(2025, 2, 7, 23, 30)

describe('exportFileName', () => {
  it('slugifies the search summary and dates it locally', () => {
    expect(exportFileName('Story County IA, 2 areas, crop Corn', 'csv', day)).toBe(
      'plat-story-county-ia-2-areas-crop-corn-2025-03-07.csv',
    )
  })

  it('folds accents to ASCII and never leaves the name empty', () => {
    expect(exportFileName('Doña Ana County NM', 'kml', day)).toBe('plat-dona-ana-county-nm-2025-03-07.kml')
    expect(exportFileName('日本 / ..', 'GeoJSON', day)).toBe('plat-parcels-2025-03-07.geojson')
    expect(exportFileName('', '', day)).toBe('plat-parcels-2025-03-07.txt')
  })

  it('caps the summary at 60 characters, at a word boundary when possible', () => {
    const slug = slugify('Story County IA '.repeat(10))
    expect(slug.length).toBeLessThanOrEqual(60)
    expect(slug.endsWith('-')).toBe(false)
    expect(slug.startsWith('story-county-ia-story')).toBe(true)
    expect(slugify('x'.repeat(100))).toBe('x'.repeat(60))
  })

  it('never contains path or reserved characters (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string(), (summary, ext) => {
        const name = exportFileName(summary, ext, day)
        expect(name).toMatch(/^plat-[a-z0-9-]{1,60}-2025-03-07\.[a-z0-9]+$/)
      }),
    )
  })
})
