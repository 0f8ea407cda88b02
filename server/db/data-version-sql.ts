/**
 * The data version: a digest of the `counties` table (which counties, how many parcels, when and from
 * what each was loaded). Every load, reload and delete rewrites a row there in the same transaction
 * as the parcels, so the version changes with the data and with nothing else, on every process
 * sharing the database. It is the stem of the tiles' ETag, the coverage's `version`, and the key of
 * the change log (`GET /changes?since=<version>`), which the loader writes in the same transaction.
 * A scalar subquery, so a statement can read the version in its own snapshot.
 */
export const DATA_VERSION_SQL = `(SELECT coalesce(substr(md5(string_agg(
    concat_ws(':', state_fp, county_fp, parcels, extract(epoch FROM loaded_at), source), ','
    ORDER BY state_fp, county_fp)), 1, 16), 'empty') FROM counties)`
