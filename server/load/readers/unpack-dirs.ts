/**
 * The folders zips are unpacked to (issue 19: every interrupted load left its unpacked zip behind).
 * Each carries its process id in its name, is removed when its load ends however it ends (also on
 * process exit), and a later load removes the folders of loads that were killed.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { alive } from '../process-owner'

const PREFIX = 'plat-load-'
const own = new Set<string>()

/** A fresh folder for one zip, removed by `removeUnpackDir` or at exit. */
export function makeUnpackDir(root = tmpdir()): string {
  const dir = mkdtempSync(join(root, `${PREFIX}${process.pid}-`))
  if (own.size === 0) process.once('exit', removeOwnUnpackDirs)
  own.add(dir)
  return dir
}

export function removeUnpackDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
  own.delete(dir)
}

/** Synchronous, for exit paths (a second Ctrl-C, an uncaught error). */
export function removeOwnUnpackDirs(): void {
  for (const dir of own) removeUnpackDir(dir)
}

/** Removes unpack folders whose load is gone (its process no longer runs on this machine). */
export function removeLeftoverUnpackDirs(root = tmpdir()): string[] {
  const removed: string[] = []
  let names: string[]
  try {
    names = readdirSync(root)
  } catch {
    return removed
  }
  for (const name of names) {
    const m = new RegExp(`^${PREFIX}(\\d+)-`).exec(name)
    if (!m) continue
    const pid = Number(m[1])
    if (pid === process.pid || alive(pid)) continue
    rmSync(join(root, name), { recursive: true, force: true })
    removed.push(name)
  }
  return removed
}
