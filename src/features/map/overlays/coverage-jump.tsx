/**
 * "Jump to" the counties this server has parcels for (GET /coverage), so a new user finds the data
 * instead of a blank map. A select: keyboard and screen readers get it for free; on a phone it is
 * the system picker.
 */
import type { CoverageCounty } from '../../../../contract/tiles'
import { countyLabel, sortedCoverage } from '../../../geo/coverage'

const count = new Intl.NumberFormat('en-US')

export function CoverageJump({
  counties,
  onJump,
}: {
  counties: readonly CoverageCounty[]
  onJump(county: CoverageCounty): void
}) {
  if (counties.length === 0) return null
  const sorted = sortedCoverage(counties)
  return (
    <div className="basemap-switcher">
      <select
        aria-label="Jump to a county with parcel data"
        value=""
        onChange={(e) => {
          const county = sorted[Number(e.target.value)]
          if (county) onJump(county)
        }}
      >
        <option value="">Jump to…</option>
        {sorted.map((c, i) => (
          <option key={`${c.state_fp}${c.county_fp}`} value={i}>
            {`${countyLabel(c)} — ${count.format(c.parcels)} parcels`}
          </option>
        ))}
      </select>
    </div>
  )
}
