// The demo shop's catalogue: real brands and models sold in the Philippines, with peso prices.
import type { ArtKind } from '../product-art';

export type BrandSeed = { name: string; color: string; featured?: boolean; installment?: boolean };

export const BRANDS: BrandSeed[] = [
  { name: 'Apple', color: '#1d1d1f', featured: true, installment: true },
  { name: 'Samsung', color: '#1428a0', featured: true, installment: true },
  { name: 'Xiaomi', color: '#ff6900', featured: true, installment: true },
  { name: 'OPPO', color: '#0b7a57', featured: true, installment: true },
  { name: 'vivo', color: '#415fff', featured: true, installment: true },
  { name: 'realme', color: '#e0a800', featured: true },
  { name: 'Huawei', color: '#cf0a2c', featured: true, installment: true },
  { name: 'Infinix', color: '#0c8f4b', featured: true },
  { name: 'Tecno', color: '#0057d9' },
  { name: 'Lenovo', color: '#e2231a', installment: true },
  { name: 'Anker', color: '#00a0dc' },
  { name: 'Baseus', color: '#3a3a3a' },
  { name: 'Ugreen', color: '#2e9e4f' },
  { name: 'Spigen', color: '#b5121b' },
  { name: 'JBL', color: '#ff3300' },
  { name: 'Sony', color: '#000000', installment: true },
  { name: 'Michelin', color: '#27509b' },
  { name: 'Bridgestone', color: '#d6001c' },
  { name: 'Yokohama', color: '#e60012' },
  { name: 'Goodyear', color: '#004990' },
  { name: 'Dunlop', color: '#f5b400' },
  { name: 'Suki', color: '#f26b1d' },
  { name: 'Don Papa', color: '#5a3b1e' },
  { name: 'Tanduay', color: '#8c1d18' },
];

export type CategorySeed = {
  name: string;
  slug: string;
  description: string;
  kind: ArtKind;
  color: string;
  children?: CategorySeed[];
};

export const CATEGORIES: CategorySeed[] = [
  { name: 'Mobile Phones', slug: 'mobile-phones', kind: 'phone', color: '#1f4e8c', description: 'The latest smartphones from Apple, Samsung, Xiaomi, OPPO, vivo, realme and more, brand new with official warranty.' },
  { name: 'Tablets', slug: 'tablets', kind: 'tablet', color: '#4b3f8f', description: 'iPad, Galaxy Tab, Xiaomi Pad and Lenovo Tab for school, work and play.' },
  { name: 'Laptops', slug: 'laptops', kind: 'laptop', color: '#2d5f5d', description: 'Thin and light notebooks and gaming laptops.' },
  { name: 'Wearables', slug: 'wearables', kind: 'watch', color: '#7a3e6b', description: 'Smartwatches and fitness bands.' },
  {
    name: 'Accessories', slug: 'accessories', kind: 'earbuds', color: '#b2521f', description: 'Chargers, cables, power banks, cases and audio for every device.',
    children: [
      { name: 'Chargers', slug: 'chargers', kind: 'charger', color: '#b2521f', description: 'Fast USB-C and GaN wall chargers.' },
      { name: 'Cables', slug: 'cables', kind: 'cable', color: '#8a5a1f', description: 'USB-C, Lightning and braided cables.' },
      { name: 'Power Banks', slug: 'power-banks', kind: 'powerbank', color: '#3f6e2a', description: 'Portable power for brownouts and long commutes.' },
      { name: 'Cases', slug: 'cases', kind: 'case', color: '#6b2a2a', description: 'Protective cases for popular phones.' },
      { name: 'Screen Protectors', slug: 'screen-protectors', kind: 'protector', color: '#2a566b', description: 'Tempered glass that keeps your screen scratch-free.' },
      { name: 'Audio', slug: 'audio', kind: 'headphones', color: '#5a2a6b', description: 'Earbuds, headphones and speakers.' },
    ],
  },
  {
    name: 'Tires', slug: 'tires', kind: 'tire', color: '#2b2d31', description: 'Passenger car, SUV and light truck tires from trusted brands, in the sizes Filipino roads need.',
    children: [
      { name: 'Passenger Car Tires', slug: 'passenger-car-tires', kind: 'tire', color: '#2b2d31', description: 'Comfortable, quiet tires for sedans and hatchbacks.' },
      { name: 'SUV & Light Truck Tires', slug: 'suv-light-truck-tires', kind: 'tire', color: '#3b3226', description: 'All-terrain and highway tires for SUVs and pickups.' },
    ],
  },
  { name: 'Vouchers', slug: 'vouchers', kind: 'voucher', color: '#f26b1d', description: 'Suki gift vouchers, delivered by email.' },
  { name: 'Wines & Spirits', slug: 'wines-spirits', kind: 'bottle', color: '#5a3b1e', description: 'Fine Philippine rum. For adults 18 years old and above.' },
];

export type ModelSeed = {
  brand: string;
  name: string;
  /** Pesos for the cheapest memory. */
  price: number;
  memories?: [string, number][];
  colors: string[];
  sale?: { percent?: number; amount?: number };
  preOrder?: boolean;
  weight: number;
  specs?: [string, string][];
};

const M = (pairs: string): [string, number][] =>
  pairs.split(',').map((p) => {
    const [memory, added] = p.split('=');
    return [memory!.trim(), Number(added ?? 0)];
  });

export const PHONES: ModelSeed[] = [
  { brand: 'Apple', name: 'iPhone 16 Pro Max', price: 84990, memories: M('256GB=0,512GB=14000,1TB=28000'), colors: ['Desert Titanium', 'Natural Titanium', 'Black Titanium', 'White Titanium'], weight: 227, specs: [['Display', '6.9" Super Retina XDR'], ['Chip', 'A18 Pro'], ['Camera', '48MP Fusion + 48MP Ultra Wide + 12MP 5x Telephoto']] },
  { brand: 'Apple', name: 'iPhone 16 Pro', price: 70990, memories: M('128GB=0,256GB=7000,512GB=21000'), colors: ['Desert Titanium', 'Natural Titanium', 'Black Titanium'], weight: 199, sale: { amount: 3000 }, specs: [['Display', '6.3" Super Retina XDR'], ['Chip', 'A18 Pro']] },
  { brand: 'Apple', name: 'iPhone 16', price: 56990, memories: M('128GB=0,256GB=7000,512GB=21000'), colors: ['Black', 'White', 'Pink', 'Teal', 'Ultramarine'], weight: 170, specs: [['Display', '6.1" Super Retina XDR'], ['Chip', 'A18']] },
  { brand: 'Apple', name: 'iPhone 15', price: 49990, memories: M('128GB=0,256GB=7000'), colors: ['Black', 'Blue', 'Green', 'Yellow', 'Pink'], weight: 171, sale: { percent: 10 } },
  { brand: 'Apple', name: 'iPhone 13', price: 34990, memories: M('128GB=0'), colors: ['Midnight', 'Starlight', 'Blue'], weight: 174, sale: { amount: 4000 } },
  { brand: 'Samsung', name: 'Galaxy S25 Ultra', price: 84990, memories: M('256GB=0,512GB=8000,1TB=24000'), colors: ['Titanium Silverblue', 'Titanium Black', 'Titanium Gray', 'Titanium Whitesilver'], weight: 218, specs: [['Display', '6.9" Dynamic AMOLED 2X'], ['Processor', 'Snapdragon 8 Elite for Galaxy'], ['Camera', '200MP main']] },
  { brand: 'Samsung', name: 'Galaxy S25', price: 54990, memories: M('256GB=0,512GB=6000'), colors: ['Navy', 'Icyblue', 'Mint', 'Silver Shadow'], weight: 162, sale: { percent: 8 } },
  { brand: 'Samsung', name: 'Galaxy S26 Ultra', price: 89990, memories: M('256GB=0,512GB=8000'), colors: ['Titanium Black', 'Titanium Blue'], weight: 214, preOrder: true },
  { brand: 'Samsung', name: 'Galaxy Z Fold6', price: 109990, memories: M('256GB=0,512GB=8000'), colors: ['Silver Shadow', 'Pink', 'Navy'], weight: 239, sale: { amount: 15000 } },
  { brand: 'Samsung', name: 'Galaxy Z Flip6', price: 66990, memories: M('256GB=0,512GB=6000'), colors: ['Blue', 'Mint', 'Silver Shadow', 'Yellow'], weight: 187 },
  { brand: 'Samsung', name: 'Galaxy A56 5G', price: 24990, memories: M('8GB/128GB=0,8GB/256GB=2000'), colors: ['Awesome Graphite', 'Awesome Lightgray', 'Awesome Pink'], weight: 198 },
  { brand: 'Samsung', name: 'Galaxy A36 5G', price: 19990, memories: M('8GB/128GB=0,8GB/256GB=2000'), colors: ['Awesome Black', 'Awesome Lavender', 'Awesome White'], weight: 195, sale: { amount: 1500 } },
  { brand: 'Samsung', name: 'Galaxy A16', price: 9990, memories: M('6GB/128GB=0,8GB/256GB=2000'), colors: ['Black', 'Gray', 'Light Green'], weight: 200 },
  { brand: 'Xiaomi', name: 'Xiaomi 15', price: 44999, memories: M('12GB/256GB=0,12GB/512GB=4000'), colors: ['Black', 'White', 'Green'], weight: 191 },
  { brand: 'Xiaomi', name: 'Redmi Note 14 Pro+ 5G', price: 21999, memories: M('8GB/256GB=0,12GB/512GB=3000'), colors: ['Midnight Black', 'Frost Blue', 'Lavender Purple'], weight: 210, sale: { percent: 12 } },
  { brand: 'Xiaomi', name: 'Redmi Note 14', price: 10999, memories: M('6GB/128GB=0,8GB/256GB=1500'), colors: ['Midnight Black', 'Mist Purple', 'Ocean Blue'], weight: 190 },
  { brand: 'Xiaomi', name: 'Redmi 14C', price: 5999, memories: M('4GB/128GB=0,8GB/256GB=1500'), colors: ['Midnight Black', 'Sage Green', 'Dreamy Purple'], weight: 211 },
  { brand: 'Xiaomi', name: 'POCO X7 Pro', price: 17999, memories: M('8GB/256GB=0,12GB/512GB=3000'), colors: ['Black', 'Green', 'Yellow'], weight: 198, sale: { amount: 2000 } },
  { brand: 'OPPO', name: 'Find X8 Pro', price: 64999, memories: M('16GB/512GB=0'), colors: ['Space Black', 'Pearl White'], weight: 215 },
  { brand: 'OPPO', name: 'Reno13 5G', price: 25999, memories: M('12GB/256GB=0,12GB/512GB=3000'), colors: ['Plume Purple', 'Luminous Blue', 'Graphite Grey'], weight: 181 },
  { brand: 'OPPO', name: 'Reno13 F', price: 17999, memories: M('8GB/256GB=0'), colors: ['Plume Purple', 'Graphite Grey'], weight: 192, sale: { percent: 10 } },
  { brand: 'OPPO', name: 'A5 Pro', price: 11999, memories: M('8GB/256GB=0'), colors: ['Mocha Brown', 'Olive Green'], weight: 194 },
  { brand: 'OPPO', name: 'A3x', price: 6499, memories: M('4GB/64GB=0,4GB/128GB=700'), colors: ['Ocean Blue', 'Nebula Red', 'Starry Purple'], weight: 186 },
  { brand: 'vivo', name: 'X200 Pro', price: 62999, memories: M('16GB/512GB=0'), colors: ['Cosmos Black', 'Titanium Grey'], weight: 223 },
  { brand: 'vivo', name: 'V50', price: 26999, memories: M('12GB/256GB=0,12GB/512GB=3000'), colors: ['Rose Red', 'Titanium Grey', 'Starry Blue'], weight: 189, sale: { amount: 2000 } },
  { brand: 'vivo', name: 'Y29', price: 9999, memories: M('6GB/128GB=0,8GB/256GB=1500'), colors: ['Diamond Black', 'Glacier Blue'], weight: 198 },
  { brand: 'vivo', name: 'Y19s', price: 6499, memories: M('4GB/128GB=0,6GB/128GB=800'), colors: ['Glossy Black', 'Pearl Silver'], weight: 198 },
  { brand: 'realme', name: 'GT 7 Pro', price: 34999, memories: M('12GB/256GB=0,16GB/512GB=4000'), colors: ['Mars Orange', 'Galaxy Grey'], weight: 222, sale: { percent: 15 } },
  { brand: 'realme', name: '14 Pro+ 5G', price: 24999, memories: M('12GB/256GB=0,12GB/512GB=3000'), colors: ['Pearl White', 'Suede Grey'], weight: 194 },
  { brand: 'realme', name: 'C75', price: 8999, memories: M('8GB/128GB=0,8GB/256GB=1000'), colors: ['Lightning Gold', 'Storm Black'], weight: 196 },
  { brand: 'realme', name: 'Note 60', price: 4999, memories: M('4GB/128GB=0,6GB/128GB=500'), colors: ['Marble Black', 'Voyage Blue'], weight: 187 },
  { brand: 'Huawei', name: 'Pura 70 Ultra', price: 69999, memories: M('16GB/512GB=0'), colors: ['Black', 'Green', 'Brown'], weight: 226, sale: { amount: 8000 } },
  { brand: 'Huawei', name: 'nova 13 Pro', price: 29999, memories: M('12GB/512GB=0'), colors: ['Black', 'White', 'Lavender'], weight: 199 },
  { brand: 'Huawei', name: 'nova 12i', price: 9999, memories: M('8GB/128GB=0'), colors: ['Black', 'Green'], weight: 195 },
  { brand: 'Infinix', name: 'GT 30 Pro', price: 15999, memories: M('8GB/256GB=0,12GB/256GB=1500'), colors: ['Dark Flare', 'Blade White'], weight: 199 },
  { brand: 'Infinix', name: 'Note 50 Pro', price: 11999, memories: M('8GB/256GB=0'), colors: ['Titanium Grey', 'Racing Edition'], weight: 209, sale: { amount: 1000 } },
  { brand: 'Infinix', name: 'Hot 50i', price: 5499, memories: M('6GB/128GB=0,8GB/256GB=1000'), colors: ['Sleek Black', 'Sage Green'], weight: 187 },
  { brand: 'Infinix', name: 'Smart 9', price: 3999, memories: M('3GB/64GB=0,4GB/128GB=700'), colors: ['Metallic Black', 'Mint Green'], weight: 189 },
  { brand: 'Tecno', name: 'Camon 40 Pro', price: 15999, memories: M('8GB/256GB=0'), colors: ['Galaxy Black', 'Glacier White'], weight: 192 },
  { brand: 'Tecno', name: 'Spark 40 Pro', price: 8999, memories: M('8GB/256GB=0'), colors: ['Ink Black', 'Lake Green'], weight: 180 },
  { brand: 'Tecno', name: 'Pova 7', price: 7999, memories: M('8GB/128GB=0,8GB/256GB=1000'), colors: ['Oasis Green', 'Geek Black'], weight: 204, preOrder: true },
];

export const TABLETS: ModelSeed[] = [
  { brand: 'Apple', name: 'iPad Air 11" (M3) Wi-Fi', price: 39990, memories: M('128GB=0,256GB=6000,512GB=18000'), colors: ['Space Gray', 'Blue', 'Purple', 'Starlight'], weight: 460 },
  { brand: 'Apple', name: 'iPad (A16) Wi-Fi', price: 25990, memories: M('128GB=0,256GB=6000'), colors: ['Silver', 'Blue', 'Pink', 'Yellow'], weight: 477, sale: { amount: 2000 } },
  { brand: 'Apple', name: 'iPad Pro 13" (M4) Wi-Fi', price: 84990, memories: M('256GB=0,512GB=12000,1TB=36000'), colors: ['Space Black', 'Silver'], weight: 579 },
  { brand: 'Samsung', name: 'Galaxy Tab S10 FE', price: 29990, memories: M('8GB/128GB=0,8GB/256GB=4000'), colors: ['Gray', 'Blue', 'Silver'], weight: 497, sale: { percent: 10 } },
  { brand: 'Samsung', name: 'Galaxy Tab A9+', price: 12990, memories: M('4GB/64GB=0,8GB/128GB=3000'), colors: ['Graphite', 'Silver', 'Navy'], weight: 480 },
  { brand: 'Xiaomi', name: 'Xiaomi Pad 7', price: 21999, memories: M('8GB/128GB=0,8GB/256GB=2000'), colors: ['Graphite Gray', 'Sage Green', 'Mist Blue'], weight: 500 },
  { brand: 'Xiaomi', name: 'Redmi Pad SE 8.7', price: 7999, memories: M('4GB/64GB=0,4GB/128GB=1000'), colors: ['Graphite Gray', 'Aurora Green'], weight: 373, sale: { amount: 1000 } },
  { brand: 'Huawei', name: 'MatePad 11.5 S', price: 24999, memories: M('8GB/256GB=0'), colors: ['Space Gray', 'Crystal White'], weight: 510 },
  { brand: 'Lenovo', name: 'Tab M11', price: 11999, memories: M('4GB/128GB=0,8GB/128GB=2000'), colors: ['Luna Grey', 'Seafoam Green'], weight: 465 },
  { brand: 'Lenovo', name: 'Idea Tab Pro', price: 19999, memories: M('8GB/256GB=0'), colors: ['Luna Grey'], weight: 620 },
];

export const LAPTOPS: ModelSeed[] = [
  { brand: 'Apple', name: 'MacBook Air 13" (M3)', price: 64990, memories: M('8GB/256GB=0,16GB/512GB=20000'), colors: ['Midnight', 'Starlight', 'Space Gray', 'Silver'], weight: 1240 },
  { brand: 'Lenovo', name: 'IdeaPad Slim 3 15"', price: 32995, memories: M('8GB/512GB=0,16GB/512GB=5000'), colors: ['Arctic Grey', 'Abyss Blue'], weight: 1620, sale: { percent: 10 } },
  { brand: 'Lenovo', name: 'Legion 5 Gen 9', price: 89995, memories: M('16GB/1TB=0,32GB/1TB=12000'), colors: ['Luna Grey'], weight: 2400 },
  { brand: 'Huawei', name: 'MateBook D 14', price: 39999, memories: M('16GB/512GB=0'), colors: ['Space Gray', 'Mystic Silver'], weight: 1390, sale: { amount: 5000 } },
];

export const WEARABLES: (ModelSeed & { kind: ArtKind })[] = [
  { kind: 'watch', brand: 'Apple', name: 'Apple Watch Series 10 GPS 42mm', price: 25990, colors: ['Jet Black', 'Rose Gold', 'Silver'], weight: 30 },
  { kind: 'watch', brand: 'Samsung', name: 'Galaxy Watch7 44mm', price: 17990, colors: ['Green', 'Silver'], weight: 34, sale: { amount: 2000 } },
  { kind: 'watch', brand: 'Huawei', name: 'Watch GT 5 46mm', price: 12999, colors: ['Black', 'Brown'], weight: 48 },
  { kind: 'band', brand: 'Xiaomi', name: 'Smart Band 9', price: 2499, colors: ['Midnight Black', 'Glacier Silver', 'Mystic Rose'], weight: 16 },
  { kind: 'band', brand: 'Huawei', name: 'Band 9', price: 2999, colors: ['Black', 'Pink', 'White'], weight: 14, sale: { percent: 20 } },
];

export type AccessorySeed = ModelSeed & { kind: ArtKind; category: string; label?: string };

export const ACCESSORIES: AccessorySeed[] = [
  { kind: 'charger', category: 'chargers', label: '20W', brand: 'Anker', name: 'Nano 20W USB-C Charger', price: 1099, colors: ['White', 'Black', 'Blue'], weight: 30 },
  { kind: 'charger', category: 'chargers', label: '65W', brand: 'Anker', name: '735 Charger (GaNPrime 65W)', price: 3499, colors: ['Black'], weight: 130, sale: { percent: 15 } },
  { kind: 'charger', category: 'chargers', label: '65W', brand: 'Baseus', name: 'GaN5 Pro 65W Fast Charger', price: 1999, colors: ['Black', 'White'], weight: 125 },
  { kind: 'charger', category: 'chargers', label: '20W', brand: 'Apple', name: '20W USB-C Power Adapter', price: 1390, colors: ['White'], weight: 60 },
  { kind: 'charger', category: 'chargers', label: '25W', brand: 'Samsung', name: '25W Power Adapter', price: 1190, colors: ['Black', 'White'], weight: 50, sale: { amount: 200 } },
  { kind: 'charger', category: 'chargers', label: '100W', brand: 'Ugreen', name: 'Nexode 100W 4-Port GaN Charger', price: 3299, colors: ['Gray'], weight: 210 },
  { kind: 'cable', category: 'cables', brand: 'Anker', name: 'PowerLine III USB-C to Lightning Cable (1.8 m)', price: 990, colors: ['Black', 'White'], weight: 40 },
  { kind: 'cable', category: 'cables', brand: 'Baseus', name: 'Crystal Shine USB-C to USB-C 100W Cable (1.2 m)', price: 549, colors: ['Black', 'Blue'], weight: 45, sale: { percent: 20 } },
  { kind: 'cable', category: 'cables', brand: 'Ugreen', name: 'USB-C to USB-C 60W Braided Cable (1 m)', price: 399, colors: ['Gray', 'Black'], weight: 35 },
  { kind: 'cable', category: 'cables', brand: 'Apple', name: 'USB-C Woven Charge Cable (1 m)', price: 1190, colors: ['White'], weight: 30 },
  { kind: 'powerbank', category: 'power-banks', label: '10000', brand: 'Anker', name: 'PowerCore 10000 Power Bank', price: 1599, colors: ['Black', 'Blue'], weight: 180 },
  { kind: 'powerbank', category: 'power-banks', label: '24000', brand: 'Anker', name: '737 Power Bank (PowerCore 24K)', price: 6999, colors: ['Black'], weight: 630, sale: { amount: 1000 } },
  { kind: 'powerbank', category: 'power-banks', label: '20000', brand: 'Baseus', name: 'Bipow 20000mAh 20W Power Bank', price: 1299, colors: ['Black', 'White'], weight: 410 },
  { kind: 'powerbank', category: 'power-banks', label: '20000', brand: 'Xiaomi', name: 'Redmi 20000mAh 18W Power Bank', price: 999, colors: ['Black', 'White'], weight: 430, sale: { percent: 10 } },
  { kind: 'headphones', category: 'audio', brand: 'JBL', name: 'Tune 520BT Wireless On-Ear Headphones', price: 2999, colors: ['Black', 'Blue', 'White', 'Purple'], weight: 157, sale: { amount: 500 } },
  { kind: 'speaker', category: 'audio', label: 'JBL', brand: 'JBL', name: 'Flip 6 Portable Bluetooth Speaker', price: 6999, colors: ['Black', 'Blue', 'Red', 'Teal'], weight: 550 },
  { kind: 'speaker', category: 'audio', label: 'JBL', brand: 'JBL', name: 'Charge 5 Portable Speaker', price: 9999, colors: ['Black', 'Blue', 'Red'], weight: 960, sale: { percent: 12.5 } },
  { kind: 'speaker', category: 'audio', label: 'JBL', brand: 'JBL', name: 'Go 4 Ultra-Portable Speaker', price: 2499, colors: ['Black', 'Blue', 'Pink', 'Red'], weight: 190 },
  { kind: 'earbuds', category: 'audio', brand: 'Apple', name: 'AirPods Pro 2 (USB-C)', price: 14490, colors: ['White'], weight: 51 },
  { kind: 'earbuds', category: 'audio', brand: 'Apple', name: 'AirPods 4 with Active Noise Cancellation', price: 10990, colors: ['White'], weight: 35, sale: { amount: 1000 } },
  { kind: 'earbuds', category: 'audio', brand: 'Samsung', name: 'Galaxy Buds3 Pro', price: 13990, colors: ['Silver', 'White'], weight: 48 },
  { kind: 'headphones', category: 'audio', brand: 'Sony', name: 'WH-1000XM5 Noise Cancelling Headphones', price: 19999, colors: ['Black', 'Silver', 'Midnight Blue'], weight: 250, sale: { percent: 15 } },
  { kind: 'earbuds', category: 'audio', brand: 'Sony', name: 'WF-C700N Wireless Earbuds', price: 5999, colors: ['Black', 'White', 'Lavender', 'Sage Green'], weight: 46 },
  { kind: 'earbuds', category: 'audio', brand: 'Xiaomi', name: 'Redmi Buds 6 Active', price: 899, colors: ['Black', 'White', 'Pink'], weight: 36 },
  { kind: 'earbuds', category: 'audio', brand: 'Anker', name: 'Soundcore Liberty 4 NC', price: 5499, colors: ['Black', 'Navy Blue', 'White'], weight: 55 },
  { kind: 'earbuds', category: 'audio', brand: 'Baseus', name: 'Bowie E16 True Wireless Earbuds', price: 999, colors: ['Black', 'White', 'Blue'], weight: 40, sale: { amount: 150 } },
];

export type CaseLine = { brand: string; kind: 'case' | 'protector'; name: string; price: number; colors: string[] };

/** Case and screen-protector lines, made for each phone model. */
export const CASE_LINES: CaseLine[] = [
  { brand: 'Spigen', kind: 'case', name: 'Ultra Hybrid Case', price: 1190, colors: ['Crystal Clear', 'Matte Black', 'Frost Black'] },
  { brand: 'Spigen', kind: 'case', name: 'Tough Armor Case', price: 1590, colors: ['Black', 'Metal Slate'] },
  { brand: 'Spigen', kind: 'case', name: 'Liquid Air Case', price: 990, colors: ['Matte Black', 'Navy Blue'] },
  { brand: 'Baseus', kind: 'case', name: 'Frosted Glass Magnetic Case', price: 690, colors: ['Black', 'Clear', 'Blue'] },
  { brand: 'Ugreen', kind: 'case', name: 'Silky Clear Case', price: 490, colors: ['Clear'] },
  { brand: 'Anker', kind: 'case', name: 'MagGo Magnetic Case', price: 1290, colors: ['Black', 'Lavender', 'Sand'] },
  { brand: 'Spigen', kind: 'protector', name: 'GLAS.tR EZ Fit Tempered Glass (2-Pack)', price: 1290, colors: ['Clear'] },
  { brand: 'Baseus', kind: 'protector', name: 'Full-Coverage Tempered Glass (2-Pack)', price: 390, colors: ['Clear'] },
  { brand: 'Ugreen', kind: 'protector', name: 'Privacy Tempered Glass', price: 490, colors: ['Black'] },
];

export type TireModel = { brand: string; name: string; suv: boolean; pricePerInch: number; speed: string };

export const TIRE_MODELS: TireModel[] = [
  { brand: 'Michelin', name: 'Primacy 4 ST', suv: false, pricePerInch: 420, speed: 'V' },
  { brand: 'Michelin', name: 'Pilot Sport 4', suv: false, pricePerInch: 520, speed: 'Y' },
  { brand: 'Michelin', name: 'Energy XM2+', suv: false, pricePerInch: 330, speed: 'H' },
  { brand: 'Michelin', name: 'LTX Trail', suv: true, pricePerInch: 520, speed: 'T' },
  { brand: 'Bridgestone', name: 'Turanza T005A', suv: false, pricePerInch: 380, speed: 'V' },
  { brand: 'Bridgestone', name: 'Ecopia EP150', suv: false, pricePerInch: 290, speed: 'H' },
  { brand: 'Bridgestone', name: 'Dueler A/T 002', suv: true, pricePerInch: 480, speed: 'S' },
  { brand: 'Yokohama', name: 'BluEarth-ES ES32', suv: false, pricePerInch: 280, speed: 'H' },
  { brand: 'Yokohama', name: 'ADVAN Fleva V701', suv: false, pricePerInch: 400, speed: 'W' },
  { brand: 'Yokohama', name: 'Geolandar A/T G015', suv: true, pricePerInch: 450, speed: 'T' },
  { brand: 'Goodyear', name: 'Assurance TripleMax 2', suv: false, pricePerInch: 300, speed: 'H' },
  { brand: 'Goodyear', name: 'EfficientGrip Performance 2', suv: false, pricePerInch: 360, speed: 'V' },
  { brand: 'Goodyear', name: 'Wrangler AT SilentTrac', suv: true, pricePerInch: 460, speed: 'T' },
  { brand: 'Dunlop', name: 'SP Sport LM705', suv: false, pricePerInch: 270, speed: 'H' },
  { brand: 'Dunlop', name: 'Grandtrek AT5', suv: true, pricePerInch: 430, speed: 'S' },
];

/** [width, aspect ratio, rim diameter, load index]: common sizes on Philippine roads. */
export const PASSENGER_SIZES: [number, number, number, number][] = [
  [205, 55, 16, 91], [195, 65, 15, 91], [185, 65, 15, 88], [175, 65, 14, 82], [185, 55, 16, 83],
  [195, 55, 16, 87], [205, 65, 16, 95], [215, 55, 17, 94], [215, 60, 16, 95], [225, 45, 17, 94],
  [225, 50, 17, 94], [235, 45, 18, 94], [165, 65, 14, 79], [185, 70, 14, 88], [175, 70, 13, 82],
  [205, 60, 16, 92], [215, 45, 17, 91],
];

export const SUV_SIZES: [number, number, number, number][] = [
  [265, 70, 16, 112], [265, 65, 17, 112], [265, 60, 18, 110], [245, 70, 16, 111], [235, 75, 15, 109],
  [225, 65, 17, 102], [235, 60, 18, 107], [255, 70, 15, 108], [265, 70, 17, 115], [215, 70, 16, 100],
];

export const VOUCHER_AMOUNTS = [500, 1000, 2000, 5000];

export const SPIRITS: { brand: string; name: string; price: number; weight: number; sale?: { amount: number } }[] = [
  { brand: 'Don Papa', name: 'Don Papa Rum 700ml', price: 1650, weight: 1300 },
  { brand: 'Don Papa', name: 'Don Papa 10 Year Old Rum 700ml', price: 4950, weight: 1400, sale: { amount: 450 } },
  { brand: 'Tanduay', name: 'Tanduay Double Rum 750ml', price: 420, weight: 1250 },
];
