/**
 * Bounds on what a zip may unpack to (issue 19: a 1 MB zip holding a 1 GB .dbf took 3.2–4.1 GB of
 * memory and 33–107 s before failing with "invalid length" and a stack trace). Real county zips
 * unpack to a few times their size (a .shp barely compresses); a zip bomb, to hundreds of times.
 */

/** Unpacked bytes over this many times the zip's own size are refused, once past RATIO_FROM_BYTES. */
const ZIP_MAX_RATIO = 100
/** Below this much unpacked data the ratio is not checked (small, very regular files compress well). */
const ZIP_RATIO_FROM_BYTES = 64 * 1024 * 1024
/** Unpacked bytes over this are refused whatever the ratio. */
const ZIP_MAX_TOTAL_BYTES = 32 * 1024 ** 3
/**
 * The zip is fed to the inflater in pieces this small: deflate expands at most ~1,032×, so one piece
 * makes at most ~16 MB, and a bomb is caught before memory grows.
 */
export const ZIP_PIECE_BYTES = 16 * 1024

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`

/** Counts unpacked bytes; `add` returns why to stop, or null. */
export class ZipBudget {
  private total = 0
  constructor(
    private readonly zipBytes: number,
    private readonly maxRatio = ZIP_MAX_RATIO,
    private readonly maxTotal = ZIP_MAX_TOTAL_BYTES,
  ) {}

  add(entry: string, bytes: number): string | null {
    this.total += bytes
    if (this.total > this.maxTotal) {
      return `it unpacks to more than ${mb(this.maxTotal)} (at ${entry}); unpack it yourself and load the .shp`
    }
    if (this.total > ZIP_RATIO_FROM_BYTES && this.total > this.zipBytes * this.maxRatio) {
      return `it unpacks to more than ${this.maxRatio}× its own size (${mb(this.total)} so far from a ${mb(this.zipBytes)} zip, at ${entry}): refused as a zip bomb; if you trust the file, unpack it yourself and load the .shp`
    }
    return null
  }
}
