/**
 * "Search a county": pick a state, then one of its counties; its Census boundary becomes the search
 * area. Two selects, so it works from the keyboard and on a phone as well as with a mouse.
 */
import './county-dialog.css'
import type { Polygon } from 'geojson'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { US_STATES } from '../../../contract/us-states'
import { type CensusCounty, loadCountiesOfState, loadCountyOutline } from '../../geo/census-counties'
import { Modal } from '../../ui/modal'

export function CountyDialog({
  onPick,
  onClose,
}: {
  onPick(polygons: Polygon[], name: string): void
  onClose(): void
}) {
  const id = useId()
  const [state, setState] = useState('')
  const [county, setCounty] = useState('')
  const [counties, setCounties] = useState<CensusCounty[]>([])
  const [problem, setProblem] = useState('')
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    setCounty('')
    setCounties([])
    if (!state) return
    let live = true
    loadCountiesOfState(state)
      .then((list) => live && setCounties(list))
      .catch(() => live && setProblem('County boundaries could not be loaded. Try again.'))
    return () => {
      live = false
    }
  }, [state])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const chosen = counties.find((c) => c.fips === county)
    if (!chosen) return setProblem('Choose a county.')
    setBusy(true)
    try {
      const polygons = await loadCountyOutline(chosen.fips)
      const stateName = US_STATES.find((s) => s.fips === state)?.abbr ?? ''
      onPick(polygons, `${chosen.name} County, ${stateName}`)
    } catch {
      setProblem('County boundaries could not be loaded. Try again.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal title="Search a county" onClose={onClose}>
      <form className="county-form" onSubmit={submit}>
        <p>The county’s Census boundary becomes the search area, and the search runs.</p>
        <label htmlFor={`${id}-state`}>State</label>
        <select id={`${id}-state`} data-autofocus value={state} onChange={(e) => setState(e.target.value)}>
          <option value="">Choose a state…</option>
          {US_STATES.map((s) => (
            <option key={s.fips} value={s.fips}>
              {s.name}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-county`}>County</label>
        <select
          id={`${id}-county`}
          value={county}
          disabled={counties.length === 0}
          onChange={(e) => setCounty(e.target.value)}
        >
          <option value="">
            {state ? (counties.length ? 'Choose a county…' : 'Loading…') : 'Choose a state first'}
          </option>
          {counties.map((c) => (
            <option key={c.fips} value={c.fips}>
              {c.name}
            </option>
          ))}
        </select>
        {problem && (
          <p className="error-text" role="alert">
            {problem}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={!county || busy}>
            Search this county
          </button>
        </div>
      </form>
    </Modal>
  )
}
