// Philippine provinces, cities/municipalities and barangays from the PSGC, through the
// @aivangogh/ph-address package (the full PSA list, not typed by hand). The package keeps
// Metro Manila and the independent (highly urbanised) cities outside any province; shoppers
// write those addresses as "City, Province", so they are attached here: Metro Manila becomes a
// province-level entry, and each independent city joins the province it lies in.
import {
  getAllProvinces,
  getAllRegions,
  getBarangaysByMunicipality,
  getMunicipalitiesByProvince,
} from '@aivangogh/ph-address';
import { NCR_REGION_CODE } from '../../../common/validation/address';

/** `regionCode`: the PSGC code of the province's region (NCR_REGION_CODE for Metro Manila). */
export type Province = { key: string; name: string; region: string; regionCode: string };
export type City = { key: string; name: string; province: string; isCity: boolean };
export type Barangay = { key: string; name: string; city: string };

const NCR_CODE = NCR_REGION_CODE;
const MANILA_CODE = '1380600000';
const SPECIAL_GEOGRAPHIC_AREA_CODE = '1999900000';

/** Independent cities (PSGC code) and the province they lie in (by PSGC province name). */
const INDEPENDENT_CITY_PROVINCE: Record<string, string> = {
  '0330100000': 'Pampanga', // Angeles City
  '1830200000': 'Negros Occidental', // Bacolod City
  '1430300000': 'Benguet', // Baguio City
  '1630400000': 'Agusan del Norte', // Butuan City
  '1030500000': 'Misamis Oriental', // Cagayan de Oro City
  '0730600000': 'Cebu', // Cebu City
  '1130700000': 'Davao del Sur', // Davao City
  '1230800000': 'South Cotabato', // General Santos City
  '1030900000': 'Lanao del Norte', // Iligan City
  '0631000000': 'Iloilo', // Iloilo City
  '0990101000': 'Basilan', // Isabela City
  '0731100000': 'Cebu', // Lapu-Lapu City
  '0431200000': 'Quezon', // Lucena City
  '0731300000': 'Cebu', // Mandaue City
  '0331400000': 'Zambales', // Olongapo City
  '1731500000': 'Palawan', // Puerto Princesa City
  '0831600000': 'Leyte', // Tacloban City
  '0931700000': 'Zamboanga del Sur', // Zamboanga City
};

type Index = {
  provinces: Province[];
  provinceByName: Map<string, Province>;
  citiesByProvince: Map<string, City[]>;
  cityByKey: Map<string, City>;
};

let index: Index | null = null;
const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

// Built on first use: decompressing the package's data takes a few hundred milliseconds.
function load(): Index {
  if (index) return index;
  const regions = new Map(getAllRegions().map((r) => [r.psgcCode, r.name]));
  const provinces: Province[] = getAllProvinces().map((p) => ({
    key: p.psgcCode,
    name: p.name,
    region: regions.get(p.regionCode) ?? '',
    regionCode: p.regionCode,
  }));
  provinces.push({ key: NCR_CODE, name: 'Metro Manila', region: regions.get(NCR_CODE) ?? 'National Capital Region', regionCode: NCR_REGION_CODE });
  provinces.push({
    key: SPECIAL_GEOGRAPHIC_AREA_CODE,
    name: 'Special Geographic Area',
    region: regions.get('1900000000') ?? '',
    regionCode: '1900000000',
  });
  provinces.sort(byName);
  const provinceByName = new Map(provinces.map((p) => [norm(p.name), p]));
  const citiesByProvince = new Map<string, City[]>();
  const cityByKey = new Map<string, City>();
  const add = (province: Province, code: string, name: string) => {
    const city: City = { key: code, name, province: province.name, isCity: /\bcity\b/i.test(name) };
    const list = citiesByProvince.get(province.name) ?? [];
    list.push(city);
    citiesByProvince.set(province.name, list);
    cityByKey.set(code, city);
  };
  for (const province of provinces) {
    for (const m of getMunicipalitiesByProvince(province.key)) add(province, m.psgcCode, m.name);
  }
  for (const [code, provinceName] of Object.entries(INDEPENDENT_CITY_PROVINCE)) {
    const province = provinceByName.get(norm(provinceName));
    // The list above is checked against the package's data by the tests.
    const city = findCityInPackage(code);
    if (province && city) add(province, code, city);
  }
  for (const list of citiesByProvince.values()) list.sort(byName);
  index = { provinces, provinceByName, citiesByProvince, cityByKey };
  return index;
}

// Independent cities sit under their own code (or a pseudo-province such as "City of Isabela").
function findCityInPackage(code: string): string | null {
  const parent = code.endsWith('00000') ? code : `${code.slice(0, 5)}00000`;
  return getMunicipalitiesByProvince(parent).find((m) => m.psgcCode === code)?.name ?? null;
}

export function listProvinces(): Province[] {
  return load().provinces;
}

export function findProvince(name: string): Province | null {
  return load().provinceByName.get(norm(name)) ?? null;
}

/** Whether a province (by name, as addresses store it) is in Metro Manila, by its PSGC region. */
export function isInMetroManila(province: string): boolean {
  return findProvince(province)?.regionCode === NCR_REGION_CODE;
}

/** Cities and municipalities of a province (by name or PSGC key), A to Z. */
export function listCities(province: string): City[] {
  const idx = load();
  const found = idx.provinceByName.get(norm(province)) ?? idx.provinces.find((p) => p.key === province.trim());
  return found ? (idx.citiesByProvince.get(found.name) ?? []) : [];
}

export function findCity(province: string, city: string): City | null {
  return listCities(province).find((c) => norm(c.name) === norm(city) || c.key === city.trim()) ?? null;
}

/** Barangays of a city (by PSGC key, or by name with its province), spelt as the PSGC spells them. */
export function listBarangays(city: string, province?: string | null): Barangay[] {
  const idx = load();
  const found = idx.cityByKey.get(city.trim()) ?? (province ? findCity(province, city) : null);
  if (!found) return [];
  // Manila's barangays are filed under its districts (Tondo, Binondo, ...).
  const codes =
    found.key === MANILA_CODE
      ? getMunicipalitiesByProvince(MANILA_CODE).map((d) => d.psgcCode)
      : [found.key];
  return codes
    .flatMap((code) => getBarangaysByMunicipality(code))
    .map((b) => ({ key: b.psgcCode, name: b.name, city: found.name }))
    .sort(byName);
}

/** The city's barangay of that name (case and spacing aside), in its PSGC spelling, or null. */
export function findBarangay(province: string, city: string, name: string): Barangay | null {
  const wanted = norm(name);
  return listBarangays(city, province).find((b) => norm(b.name) === wanted) ?? null;
}
