// Places (PSGC) and banks for the address and bank forms.
import { BANKS } from '../../../common/validation/bank';
import { builder } from '../../graphql/builder';
import { listBarangays, listCities, listProvinces } from './ph-places';

const ProvinceRef = builder.objectRef<{ key: string; name: string; region: string }>('Province').implement({
  fields: (t) => ({
    code: t.exposeString('key', { description: 'PSGC code.' }),
    key: t.exposeString('key', { description: 'The key cities(province:) takes: the PSGC code, as code.' }),
    name: t.exposeString('name'),
    region: t.exposeString('region'),
  }),
});
const CityRef = builder.objectRef<{ key: string; name: string; province: string; isCity: boolean }>('City').implement({
  description: 'A city or municipality.',
  fields: (t) => ({
    code: t.exposeString('key', { description: 'PSGC code.' }),
    name: t.exposeString('name'),
    province: t.exposeString('province'),
    isCity: t.exposeBoolean('isCity'),
  }),
});
const BarangayRef = builder.objectRef<{ key: string; name: string }>('Barangay').implement({
  fields: (t) => ({
    code: t.exposeString('key', { description: 'PSGC code.' }),
    name: t.exposeString('name', {
      description: 'The name as the PSGC list spells it, e.g. "Bagong Pag-asa", "Sto. Niño"; an address accepts it as it is.',
    }),
    officialName: t.exposeString('name', {
      description: 'The same PSGC spelling as name.',
      deprecationReason: 'Use name: it is the PSGC spelling now.',
    }),
  }),
});
const BankOptionRef = builder.objectRef<{ code: string; name: string }>('BankOption').implement({
  fields: (t) => ({ code: t.exposeString('code'), name: t.exposeString('name') }),
});

builder.queryFields((t) => ({
  provinces: t.field({
    type: [ProvinceRef],
    description: 'PSGC provinces, plus Metro Manila, A to Z.',
    resolve: () => listProvinces(),
  }),
  cities: t.field({
    type: [CityRef],
    description: 'Cities and municipalities of a province (by name or PSGC code), A to Z.',
    args: { province: t.arg.string({ required: true }) },
    resolve: (_root, args) => listCities(args.province),
  }),
  barangays: t.field({
    type: [BarangayRef],
    description: 'Barangay suggestions of a city (by PSGC code, or by name with its province).',
    args: { city: t.arg.string({ required: true }), province: t.arg.string() },
    resolve: (_root, args) => listBarangays(args.city, args.province),
  }),
  banks: t.field({
    type: [BankOptionRef],
    description: 'The banks bank details may name.',
    resolve: () => [...BANKS],
  }),
}));
