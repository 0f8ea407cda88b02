/**
 * A PDF as a person gets it: its text (pdftotext) and its pages as pictures (pdftoppm, decoded with
 * pngjs), to assert what is printed where. Poppler is installed on every machine of the project.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PNG } from 'pngjs'

export interface PageImage {
  width: number
  height: number
  /** RGBA, row by row. */
  data: Buffer
  /** Pixels per point (dpi / 72). */
  scale: number
  png: Buffer
}

function tempPdf(pdf: Buffer): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'plat-pdf-'))
  const file = join(dir, 'report.pdf')
  writeFileSync(file, pdf)
  return { dir, file }
}

/** The text of every page, pages separated by form feeds (as pdftotext writes them). */
export function pdfText(pdf: Buffer): string {
  const { file } = tempPdf(pdf)
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
}

export function pdfPageCount(pdf: Buffer): number {
  const { file } = tempPdf(pdf)
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' })
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0)
}

/** Page size in points, from pdfinfo ("612 x 792 pts (letter)"). */
export function pdfPageSize(pdf: Buffer): [number, number] {
  const { file } = tempPdf(pdf)
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' })
  const m = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)
  return [Number(m?.[1]), Number(m?.[2])]
}

/** Pages rendered at `dpi` (first..last, 1-based), optionally in grayscale as a mono printer would. */
export function pdfPages(
  pdf: Buffer,
  opts: { dpi?: number; first?: number; last?: number; gray?: boolean } = {},
): PageImage[] {
  const dpi = opts.dpi ?? 100
  const { dir, file } = tempPdf(pdf)
  const args = ['-r', String(dpi), '-png', ...(opts.gray ? ['-gray'] : [])]
  if (opts.first) args.push('-f', String(opts.first))
  if (opts.last) args.push('-l', String(opts.last))
  execFileSync('pdftoppm', [...args, file, join(dir, 'page')])
  return readdirSync(dir)
    .filter((f) => f.endsWith('.png'))
    .sort()
    .map((f) => {
      const png = readFileSync(join(dir, f))
      const img = PNG.sync.read(png)
      return { width: img.width, height: img.height, data: img.data, scale: dpi / 72, png }
    })
}

export interface PtBox {
  x: number
  y: number
  w: number
  h: number
}

/** Pixels within `tolerance` (sum of channel differences) of `rgb` inside a box given in points. */
export function countColor(img: PageImage, box: PtBox, rgb: readonly [number, number, number], tolerance = 60): number {
  let n = 0
  forEachPixel(img, box, (r, g, b) => {
    if (Math.abs(r - rgb[0]) + Math.abs(g - rgb[1]) + Math.abs(b - rgb[2]) <= tolerance) n++
  })
  return n
}

/** Pixels darker than `below` (0–255, mean of the channels) inside a box given in points. */
export function countDark(img: PageImage, box: PtBox, below: number): number {
  let n = 0
  forEachPixel(img, box, (r, g, b) => {
    if ((r + g + b) / 3 < below) n++
  })
  return n
}

function forEachPixel(img: PageImage, box: PtBox, fn: (r: number, g: number, b: number) => void): void {
  const x0 = Math.max(0, Math.floor(box.x * img.scale))
  const y0 = Math.max(0, Math.floor(box.y * img.scale))
  const x1 = Math.min(img.width, Math.ceil((box.x + box.w) * img.scale))
  const y1 = Math.min(img.height, Math.ceil((box.y + box.h) * img.scale))
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = (y * img.width + x) * 4
      fn(img.data[i] as number, img.data[i + 1] as number, img.data[i + 2] as number)
    }
}
