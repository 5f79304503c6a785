// Resource route for the address forms' PSGC lists: GET /places?province=P gives the cities of
// P; adding &city=C gives the barangays of C; no parameters gives the provinces.
import { data } from 'react-router';
import type { Route } from './+types/places';
import { BarangaysQuery, CitiesQuery, ProvincesQuery, toPlaces, type Place } from '../graphql/accounts-profile';
import { query } from '../lib/api.server';

export type PlacesData = { places: Place[] };

// The lists change only with a new PSGC release: browsers may keep them for a day.
const CACHE = { 'Cache-Control': 'public, max-age=86400' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const province = params.get('province')?.trim() ?? '';
  const city = params.get('city')?.trim() ?? '';
  let places: Place[];
  if (province && city) places = toPlaces((await query(context, BarangaysQuery, { province, city })).barangays);
  else if (province) places = toPlaces((await query(context, CitiesQuery, { province })).cities);
  else places = toPlaces((await query(context, ProvincesQuery)).provinces);
  return data<PlacesData>({ places }, { headers: CACHE });
}
