/**
 * "Import areas": drop or pick a GeoJSON, KML/KMZ or zipped Shapefile, or paste GeoJSON. Polygons
 * go to the app (which validates them like drawn ones); points and lines can be buffered here.
 */
import type { Geometry, Polygon } from 'geojson'
import { type DragEvent, useId, useState } from 'react'
import { AREA_MAX_FEATURES } from '../../../contract/limits'
import { acceptOf, IMPORT_OFFERS, namesOf } from '../../../formats/format-registry'
import { Modal } from '../../ui/modal'
import { BufferForm } from './buffer-form'
import { importFile } from './import-file'
import type { ImportResult } from './import-result'
import { parseGeoJson } from './parse-geojson'
import { toAreas } from './to-areas'
import { xmlProblem } from './xml-well-formed'
import './import.css'

const IMPORT_ACCEPT = acceptOf(IMPORT_OFFERS)
const IMPORT_FORMATS = namesOf(IMPORT_OFFERS).replace(/^./, (c) => c.toUpperCase())

/** A broken file never reaches DOMParser, whose error element breaks our CSP (xml-well-formed.ts). */
const parseXml = (text: string) => {
  const problem = xmlProblem(text)
  if (problem) throw new Error(`it is not well-formed XML — ${problem}`)
  return new DOMParser().parseFromString(text, 'application/xml')
}

export interface ImportDialogProps {
  /**
   * Hands over valid polygons (already checked and simplified by the area rules, at most 100) and
   * what was done or left out to get them; the app adds them as areas.
   */
  onImport(polygons: Polygon[], notices: string[], source: string, names?: ReadonlyMap<Polygon, string>): void
  onClose(): void
}

export function ImportDialog({ onImport, onClose }: ImportDialogProps) {
  const ids = { file: useId(), paste: useId() }
  const [pasted, setPasted] = useState('')
  const [busy, setBusy] = useState(false)
  const [problems, setProblems] = useState<string[]>([])
  const [others, setOthers] = useState<{ geometry: Geometry; source: string } | null>(null)
  const [dragging, setDragging] = useState(false)

  const accept = (r: ImportResult, source: string) => {
    const checked = toAreas(r.polygons, { names: r.names })
    const leftOut = [...new Set([...r.problems, ...checked.problems])]
    setProblems(leftOut)
    setOthers(null)
    if (checked.areas.length > 0) {
      onImport(
        checked.areas.map((a) => a.geometry),
        [...r.notices, ...checked.notices, ...leftOut],
        source,
        new Map(checked.areas.flatMap((a) => (a.label ? [[a.geometry, a.label] as const] : []))),
      )
      onClose()
      return
    }
    const first = r.others[0]
    if (first) {
      const geometry: Geometry =
        r.others.length === 1 ? first : { type: 'GeometryCollection', geometries: r.others.slice(0, AREA_MAX_FEATURES) }
      setOthers({ geometry, source })
    } else if (leftOut.length === 0) setProblems([`${source} holds no shapes to search.`])
  }

  const readFile = async (file: File | undefined) => {
    if (!file) return
    setBusy(true)
    setOthers(null)
    try {
      accept(await importFile(file, parseXml), file.name)
    } catch (err) {
      setProblems([`${file.name} could not be read: ${(err as Error).message}`])
    } finally {
      setBusy(false)
    }
  }

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault()
    setDragging(false)
    void readFile(e.dataTransfer.files[0])
  }

  return (
    <Modal title="Import search areas" onClose={onClose} className="import-dialog">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for mouse users; the file button and paste box do the same from the keyboard */}
      <div
        className={`import-drop${dragging ? ' import-drop-active' : ''}`}
        onDragOver={(e) => {
          e.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>Drop a file here, or</p>
        <label htmlFor={ids.file} className="button">
          Choose file…
        </label>
        <input
          id={ids.file}
          className="import-file-input"
          type="file"
          accept={IMPORT_ACCEPT}
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0]
            // Cleared so choosing the same file again (after fixing it) fires change again.
            e.target.value = ''
            void readFile(file)
          }}
        />
        <p className="muted">{IMPORT_FORMATS} (.shp with its .prj).</p>
      </div>

      <label htmlFor={ids.paste}>Or paste GeoJSON</label>
      <textarea
        id={ids.paste}
        className="import-paste"
        rows={5}
        value={pasted}
        spellCheck={false}
        onChange={(e) => setPasted(e.target.value)}
      />
      <div className="import-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={pasted.trim() === '' || busy}
          onClick={() => accept(parseGeoJson(pasted), 'The pasted GeoJSON')}
        >
          Add areas
        </button>
      </div>

      <div role="alert" className="import-problems">
        {busy && <p>Reading…</p>}
        {problems.length > 0 && (
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
      </div>

      {others && (
        <section className="import-buffer" aria-label="Buffer points and lines">
          <p>{others.source} holds points or lines, not areas. Search everything within a distance of them:</p>
          <BufferForm
            geometry={others.geometry}
            onPolygons={(polygons, notices) => {
              onImport(polygons, [`Buffered the points/lines of ${others.source}.`, ...notices], others.source)
              onClose()
            }}
          />
        </section>
      )}
    </Modal>
  )
}
