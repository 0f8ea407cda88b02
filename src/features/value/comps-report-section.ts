/**
 * The comps' report section: a parcel's comparable sales (a site has no card to report on) with the
 * indicated value, the basis of the search (radius and acres band from the open choices, window,
 * trend, soil) and a map of the subject and its comps.
 */

import type { CompsResult } from '../../../contract/comps/comps-analysis'
import { settingsFor } from '../../../contract/comps/comps-settings'
import type { CompsSubject } from '../../../contract/comps/comps-subject'
import { COMPS_MAP_ID, compsReport } from '../reports/comps-report'
import { boundsOf, dataSource, geometryOf, printed, type ReportKit } from '../reports/report-kit'
import { backtestCompsMemo } from './comps-backtest-run'
import { compsOverlay } from './comps-wiring'

export function reportComps(kit: ReportKit, of: CompsSubject, result: CompsResult): void {
  const subject = of.record
  if (!subject) return
  const overlay = compsOverlay(result, of)
  const choices = settingsFor(of, kit.state().comps?.choices ?? null)
  const doc = compsReport({
    subject,
    comps: result.comps.map((c) => ({
      rank: c.rank,
      parcelId: c.parcelId,
      saleDate: c.saleDate,
      salePrice: c.salePrice,
      acres: c.acres,
      perAcre: c.perAcre,
      adjusted: c.adjusted,
      miles: c.miles,
      csr2: c.csr2,
      grade: c.grade,
      included: c.included,
      excludedBecause: c.excludedBecause,
    })),
    indicated: result.indicated,
    backtest: backtestCompsMemo(result, choices).note,
    basis: {
      radiusMiles: choices.radiusMiles,
      acresBand: choices.acresBand,
      windowStart: result.windowStart,
      windowEnd: result.windowEnd,
      trend: result.trend.note,
      soil: result.soil.note,
      outsideRadius: result.outsideRadius,
      outsideWindow: result.outsideWindow,
    },
    link: kit.parcelLink(subject),
    printed: printed(kit.now()),
    server: kit.server(),
    county: dataSource([subject], kit.counties()),
  })
  const subjectGeometry = geometryOf(subject)
  const points = overlay?.comps.map((c) => [c.point[0], c.point[1]]) ?? []
  const frame = boundsOf({
    type: 'GeometryCollection',
    geometries: [...(subjectGeometry ? [subjectGeometry] : []), { type: 'MultiPoint', coordinates: points }],
  })
  kit.desk.open(
    doc,
    frame
      ? [
          {
            id: COMPS_MAP_ID,
            content: { subject: subjectGeometry, comps: overlay?.comps ?? [], neighbours: false },
            frame,
            padding: 0.06,
            maxZoom: 16,
            theme: 'plain',
            basemap: kit.basemap(),
          },
        ]
      : [],
  )
}
