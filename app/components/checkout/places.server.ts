// PSGC provinces and their cities/municipalities for the checkout address selects. The whole
// map is about 20 kB (8 kB compressed), so the checkout loader sends it once and the selects
// filter cities by province in the browser without further requests.
import { getAllProvinces, getMunicipalitiesByProvince } from '@aivangogh/ph-address';

/** Metro Manila (NCR) has no province in the PSGC; its cities hang off the region code. */
const METRO_MANILA = { name: 'Metro Manila', psgcCode: '1300000000' };

export type PlacesMap = Record<string, string[]>;

let cached: PlacesMap | undefined;

export function placesMap(): PlacesMap {
  if (cached) return cached;
  const provinces = [METRO_MANILA, ...getAllProvinces()];
  cached = Object.fromEntries(
    provinces.map((p) => [p.name, getMunicipalitiesByProvince(p.psgcCode).map((m) => m.name)]),
  );
  return cached;
}
