import { DOMParser } from '@xmldom/xmldom'
import { describe, expect, it } from 'vitest'
import { xmlProblem } from './xml-well-formed'

const KML = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE kml>
<!-- a comment with <tags> & ampersands -->
<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx='http://www.google.com/kml/ext/2.2'>
  <Document><name>Fields &amp; lots &#x2265; 40 &#8805;</name>
    <description><![CDATA[<b>bold</b> & raw]]></description>
    <Placemark><name>North 40</name><visibility>1</visibility><gx:tag a = "1"/>
      <Polygon><outerBoundaryIs><LinearRing><coordinates>-93.6,42.0 -93.5,42.0 -93.5,42.1 -93.6,42.0</coordinates></LinearRing></outerBoundaryIs></Polygon>
    </Placemark>
  </Document>
</kml>
`

describe('xmlProblem', () => {
  it('passes well-formed KML: a prolog, DOCTYPE, comments, CDATA, entities, prefixes, self-closing tags', () => {
    expect(xmlProblem(KML)).toBeNull()
    expect(xmlProblem(`\uFEFF${KML}`)).toBeNull()
  })

  it.each([
    ['<kml><Placemark><name>x</Placemark></kml>', '</Placemark> closes <name> from line 1'],
    ['<kml>\n<Placemark>', 'line 2: <Placemark> is never closed'],
    ['<kml>a & b</kml>', 'a bare “&” that is no entity'],
    ['<kml a="1></kml>', 'the attribute a of <kml> never ends'],
    ['<kml a=1></kml>', 'the attribute a of <kml> is not quoted'],
    ['<kml><!-- open', 'a comment never ends'],
    ['<kml/><kml/>', 'a second root element'],
    ['hello <kml/>', 'text outside the document’s root'],
    ['<kml>< x</kml>', 'a “<” that starts no tag'],
    ['</kml>', '</kml> closes a tag that was never opened'],
    ['', 'no XML element in it'],
  ])('finds what is certainly broken: %j', (text, why) => {
    expect(xmlProblem(text)).toContain(why)
  })

  it('agrees with a conforming parser: what it flags the parser refuses, what the parser reads it passes', () => {
    const refuses = (text: string) => {
      const levels: string[] = []
      try {
        new DOMParser({ onError: (level) => levels.push(level) }).parseFromString(text, 'text/xml')
      } catch {
        return true
      }
      return levels.some((l) => l !== 'warning')
    }
    // (xmldom lets a bare & pass, where the browser's parser, like the XML spec, refuses it.)
    for (const text of ['<a><b></a>', '<a x="1></a>', '<a>', '<a/><b/>'])
      expect([text, xmlProblem(text) !== null, refuses(text)]).toEqual([text, true, true])
    expect(refuses(KML)).toBe(false)
  })
})
