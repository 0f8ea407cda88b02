/**
 * A `--join`/`--on` that names a column the table or the shapes do not have: a mistake in the
 * command line, so the CLI exits 2 as for any other usage error (issue 39: it exited 1, as a
 * failed load does). Its own module so the CLI can tell it apart without importing the readers.
 */
import { SourceError } from './source'

export class JoinColumnError extends SourceError {}
