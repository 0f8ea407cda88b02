/**
 * The record as the API returns it, assembled in SQL as JSON text so rows go to the client without
 * being parsed and re-serialised in Node: `extra`, then the catalog columns (which win over a same-named extra key), then `geom` as GeoJSON
 * (6 decimals ≈ 0.1 m), then `buildings` when asked for.
 */
const BUILDINGS_JSON = `(
  SELECT coalesce(jsonb_agg(
    (to_jsonb(b) - 'id' - 'parcel_uuid' - 'geom') || jsonb_build_object('geom', ST_AsGeoJSON(b.geom, 6)::jsonb)
    ORDER BY b.id), '[]'::jsonb)
  FROM buildings b WHERE b.parcel_uuid = p.svc_uuid)`

export function recordJson(includeBuildings: boolean): string {
  const base = `p.extra || (to_jsonb(p) - 'extra' - 'geom' - 'address_text') || jsonb_build_object('geom', ST_AsGeoJSON(p.geom, 6)::jsonb)`
  const full = includeBuildings ? `${base} || jsonb_build_object('buildings', ${BUILDINGS_JSON})` : base
  return `(${full})::text`
}
