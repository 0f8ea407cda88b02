/**
 * Said instead of "No parcels match." when a search fell outside every county the server has data
 * for (geo/coverage.ts): that is not "nothing matches your filters", it is "nothing here at all",
 * and the person needs to know where to go instead. Each county is a button that jumps there.
 */
import './outside-coverage.css'
import type { CoverageCounty } from '../../../contract/tiles'
import { countyLabel, sortedCoverage } from '../../geo/coverage'

const SHOWN = 6

export function OutsideCoverage({
  counties,
  onJump,
}: {
  counties: readonly CoverageCounty[]
  onJump(county: CoverageCounty): void
}) {
  const sorted = sortedCoverage(counties)
  return (
    <div className="res-empty outside-coverage" role="status">
      <p>
        <strong>No parcel data here.</strong>{' '}
        {sorted.length === 0
          ? 'This server has no parcel data loaded yet.'
          : `This server has data for ${sorted.length === 1 ? 'one county' : `${sorted.length} counties`}:`}
      </p>
      {sorted.length > 0 && (
        <ul>
          {sorted.slice(0, SHOWN).map((c) => (
            <li key={`${c.state_fp}${c.county_fp}`}>
              <button type="button" className="link-button" onClick={() => onJump(c)}>
                {countyLabel(c)}
              </button>
            </li>
          ))}
          {sorted.length > SHOWN && <li>and {sorted.length - SHOWN} more (see “Jump to” on the map)</li>}
        </ul>
      )}
    </div>
  )
}
