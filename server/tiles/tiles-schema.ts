/**
 * Schema for parcel tiles and coverage (migrations 20–29; server/schema.ts lists every part of the
 * schema). Migration 22, the `places` table the loader writes and the tiles read, is in
 * db/places-repo.ts beside its SQL.
 */
import type { Migration } from '../db/migrate'

export const TILES_MIGRATIONS: readonly Migration[] = [
  {
    // Keys made before tiles existed: a key that may use every parcel endpoint may draw them too.
    // Keys with a narrower plan were narrowed on purpose and are left as they are.
    id: 20,
    sql: `UPDATE api_keys SET endpoints = endpoints || ARRAY['tiles']
          WHERE endpoints @> ARRAY['area','query','point','address'] AND NOT endpoints @> ARRAY['tiles']`,
  },
  {
    // contract/tiles.ts `tileFeatureId` in SQL, so PostgreSQL's ST_AsMVT writes the same feature ids
    // as the Node encoder: the first 13 hex digits of the uuid, else a 32-bit string hash over UTF-16
    // code units (astral characters count as their two surrogates, as in JavaScript).
    id: 21,
    sql: `
      CREATE FUNCTION plat_string_hash(s text) RETURNS bigint LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
      DECLARE
        h bigint := 0;
        cp int;
      BEGIN
        FOR i IN 1..length(s) LOOP
          cp := ascii(substr(s, i, 1));
          IF cp > 65535 THEN
            h := (h * 31 + 55296 + ((cp - 65536) >> 10)) % 4294967296;
            h := (h * 31 + 56320 + ((cp - 65536) & 1023)) % 4294967296;
          ELSE
            h := (h * 31 + cp) % 4294967296;
          END IF;
        END LOOP;
        RETURN h;
      END $$;
      CREATE FUNCTION plat_tile_id(u text) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT CASE WHEN replace(u, '-', '') ~* '^[0-9a-f]{13}'
                    THEN ('x' || substr(replace(u, '-', ''), 1, 13))::bit(52)::bigint
                    ELSE plat_string_hash(u) END
      $$;
    `,
  },
  {
    // Low-zoom tiles made once per data version and kept (tile-store.ts): a z10 tile over a town
    // reads tens of thousands of parcels, a stored one is a primary-key lookup (issue 18).
    id: 23,
    sql: `
      CREATE TABLE tile_store (
        version text NOT NULL,
        z int NOT NULL,
        x int NOT NULL,
        y int NOT NULL,
        bytes bytea NOT NULL,
        step int NOT NULL,
        parcels int NOT NULL,
        omitted int NOT NULL,
        made_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (version, z, x, y)
      );
    `,
  },
]
