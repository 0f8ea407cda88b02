/** The repository's files as the format tests see them (formats/ itself may not touch the file system). */
import { existsSync } from 'node:fs'

/** `path` relative to the repository's root, where the tests run. */
export const repoFileExists = (path: string): boolean => existsSync(path)
