import { DOMParser } from '@xmldom/xmldom'
import { describe, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { labelLines, mailingLabelsHtml } from './mailing-labels'
import { buildMailingList, MAILING_CSV_HEADER, mailingCsv } from './mailing-list'

const smith = { mail_address1: '12 Elm St.', mail_city: 'Ames', mail_state: 'IA' }
const rows: (ParcelRecord | undefined)[] = [
  { svc_uuid: '1', owner: 'SMITH, JOHN A.', ...smith, mail_zip: '50010', acres: 10.111 },
  {
    svc_uuid: '2',
    owner: 'Smith John  A',
    ...smith,
    mail_address1: '12 ELM ST',
    mail_zip: '50010-1234',
    acres: '5.005',
  },
  { svc_uuid: '3', owner: 'Smith John A', mail_address1: '99 Oak Ave', mail_city: 'Ames', mail_state: 'IA', acres: 1 },
  { svc_uuid: '4', owner: 'Åberg Farms LLC', mail_addr: 'PO Box 5, Nevada IA 50201' },
  { svc_uuid: '5', owner: '  ', acres: 3 },
  { svc_uuid: '6', acres: 3 },
  undefined,
  { svc_uuid: '7', owner: '=HYPERLINK("x")', mail_addr: '<script>alert(1)</script>' },
]

describe('buildMailingList', () => {
  const list = buildMailingList(rows)

  it('dedupes owners by name + address ignoring case, spacing, punctuation and ZIP+4', () => {
    expect(list.entries.map((e) => [e.name, e.parcelCount])).toEqual([
      ['=HYPERLINK("x")', 1],
      ['Åberg Farms LLC', 1],
      ['SMITH, JOHN A.', 2],
      ['Smith John A', 1],
    ])
  })

  it('sums acres to 2 decimals, counts left-out parcels and builds missing one-line addresses', () => {
    const smithEntry = list.entries.find((e) => e.name === 'SMITH, JOHN A.')!
    expect(smithEntry.totalAcres).toBe(15.12)
    expect(smithEntry.mailAddress).toBe('12 Elm St., Ames, IA 50010')
    expect(list.withoutOwner).toBe(2)
    expect(list.parcels).toBe(7)
  })

  it('writes a mailing CSV with neutralised formulas', () => {
    const csv = mailingCsv(list.entries, false)
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe(MAILING_CSV_HEADER.join(','))
    expect(lines[1]).toBe(`"'=HYPERLINK(""x"")",,,,,<script>alert(1)</script>,1,0`)
  })
})

describe('mailingLabelsHtml', () => {
  const list = buildMailingList(
    Array.from({ length: 31 }, (_, i) => ({
      svc_uuid: String(i),
      owner: `Owner ${i} <b>&`,
      ...smith,
      mail_zip: '50010',
    })),
  )

  it('prints name, street and city line; falls back to the one-line address', () => {
    expect(labelLines(list.entries[0]!)).toEqual(['Owner 0 <b>&', '12 Elm St.', 'Ames, IA 50010'])
    const po = buildMailingList(rows).entries.find((e) => e.name.startsWith('Åberg'))!
    expect(labelLines(po)).toEqual(['Åberg Farms LLC', 'PO Box 5, Nevada IA 50201'])
  })

  it('escapes everything, paginates by 30 and blocks scripts', () => {
    const html = mailingLabelsHtml(list.entries, 'Labels </title><script>')
    expect(html).not.toMatch(/<script|<b>/)
    expect(html).toContain("default-src 'none'")
    expect(html.match(/class="page"/g)).toHaveLength(2)
    expect(html.match(/class="label"/g)).toHaveLength(31)
    // Well-formed enough for an XML parser once the doctype is dropped: nothing leaked as markup.
    const doc = new DOMParser().parseFromString(
      html.replace(/<!doctype html>/, '').replace(/<meta[^>]*>/g, ''),
      'text/xml',
    )
    expect(doc.getElementsByTagName('span').item(0)?.textContent).toBe('Owner 0 <b>&')
  })
})
