// Generated artwork for the demo shop (no downloads): SVG compositions rendered with sharp into
// WebP derivatives stored under <key>/<width>.webp (server/storage).
import { loadSharp } from '../lib/sharp';
import { putAll, type FileStorage } from '../storage/file-storage';
import { derivativeWidths, type StoredImage } from '../modules/catalogue/media';

export type ArtKind =
  | 'phone'
  | 'foldable'
  | 'tablet'
  | 'laptop'
  | 'watch'
  | 'band'
  | 'earbuds'
  | 'headphones'
  | 'speaker'
  | 'charger'
  | 'cable'
  | 'powerbank'
  | 'case'
  | 'protector'
  | 'tire'
  | 'voucher'
  | 'bottle';

const FONT = `'Liberation Sans', 'DejaVu Sans', Arial, sans-serif`;

const COLOR_HEX: Record<string, string> = {
  black: '#1f2023', white: '#f4f4f2', silver: '#d9dadc', gray: '#8a8d91', grey: '#8a8d91', graphite: '#4a4b4f',
  blue: '#3b6fd8', navy: '#24345c', green: '#3f9b6b', mint: '#a9dcc4', teal: '#2f8f8b', pink: '#f2b8c6',
  red: '#c8283a', purple: '#8c6bc8', lavender: '#c8b8e8', violet: '#7d5fc0', yellow: '#f2d04b', gold: '#d8b97a',
  orange: '#ee7a32', cream: '#efe4cf', beige: '#e4d3b6', brown: '#7a5a43', titanium: '#b7b0a6', ultramarine: '#5468d4',
  desert: '#c9ab8a', natural: '#bdb6ab', starlight: '#ece6da', midnight: '#2b2f3a', coral: '#f07f6e', sky: '#8fc3ea',
  clear: '#e8eef2', crystal: '#e8eef2', frost: '#dfe6ea', aqua: '#59c1c9', ocean: '#2f6fa0', forest: '#2f5d46',
  sand: '#d8c29d', charcoal: '#36383c', olive: '#7c8051', rose: '#e7a3a8', lime: '#b9d94f', peach: '#f4c2a1',
};

/** A hex colour for a marketing colour name ('Titanium Black' -> black, 'Sky Blue' -> blue). */
export function colorHex(name: string | null | undefined, fallback = '#8a8d91'): string {
  if (!name) return fallback;
  const words = name.toLowerCase().split(/[^a-z]+/).filter(Boolean).reverse();
  for (const w of words) if (COLOR_HEX[w]) return COLOR_HEX[w];
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `hsl(${hash % 360} 45% 55%)`;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Splits text into at most `lines` lines of about `width` characters. */
function wrap(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > width && line) {
      out.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) out.push(line);
  if (out.length > lines) {
    const kept = out.slice(0, lines);
    kept[lines - 1] = `${kept[lines - 1]!.slice(0, width - 1)}…`;
    return kept;
  }
  return out;
}

/** Light or dark ink for text and details on a body colour. */
function isLight(hex: string): boolean {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return false;
  const n = parseInt(m[1]!, 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 165;
}

/** The device drawn in a 300 x 300 box centred on (0, 0). */
function device(kind: ArtKind, body: string, accent: string, label = ''): string {
  const edge = isLight(body) ? '#b9bcc2' : '#0d0e10';
  const screen = `<linearGradient id="scr" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1b2a4a"/><stop offset="0.55" stop-color="${accent}" stop-opacity="0.85"/><stop offset="1" stop-color="#0b0f1a"/></linearGradient>`;
  switch (kind) {
    case 'phone':
      return `<defs>${screen}</defs>
        <rect x="-62" y="-138" width="124" height="262" rx="22" fill="${body}" stroke="${edge}" stroke-width="3"/>
        <rect x="-55" y="-130" width="110" height="246" rx="16" fill="url(#scr)"/>
        <rect x="-16" y="-124" width="32" height="9" rx="4.5" fill="#05060a"/>
        <rect x="66" y="-150" width="108" height="262" rx="22" fill="${body}" stroke="${edge}" stroke-width="3" transform="translate(-30 20) rotate(8 120 -20)" opacity="0.95"/>
        <rect x="70" y="-118" width="44" height="62" rx="12" fill="${isLight(body) ? '#d4d6da' : '#2a2c30'}" transform="translate(-30 20) rotate(8 120 -20)"/>
        <circle cx="84" cy="-102" r="9" fill="#0e1014" transform="translate(-30 20) rotate(8 120 -20)"/>
        <circle cx="100" cy="-74" r="9" fill="#0e1014" transform="translate(-30 20) rotate(8 120 -20)"/>`;
    case 'foldable':
      return `<defs>${screen}</defs>
        <rect x="-120" y="-120" width="112" height="236" rx="16" fill="${body}" stroke="${edge}" stroke-width="3"/>
        <rect x="-2" y="-120" width="112" height="236" rx="16" fill="${body}" stroke="${edge}" stroke-width="3"/>
        <rect x="-112" y="-112" width="214" height="220" rx="10" fill="url(#scr)"/>
        <line x1="-5" y1="-112" x2="-5" y2="108" stroke="#ffffff" stroke-opacity="0.18" stroke-width="2"/>`;
    case 'tablet':
      return `<defs>${screen}</defs>
        <rect x="-150" y="-112" width="300" height="214" rx="18" fill="${body}" stroke="${edge}" stroke-width="3"/>
        <rect x="-138" y="-100" width="276" height="190" rx="10" fill="url(#scr)"/>
        <circle cx="0" cy="-106" r="3" fill="#05060a"/>`;
    case 'laptop':
      return `<defs>${screen}</defs>
        <rect x="-130" y="-120" width="260" height="170" rx="12" fill="${body}" stroke="${edge}" stroke-width="3"/>
        <rect x="-120" y="-110" width="240" height="150" rx="4" fill="url(#scr)"/>
        <path d="M-165 56 H165 L150 78 H-150 Z" fill="${body}" stroke="${edge}" stroke-width="3"/>
        <rect x="-30" y="56" width="60" height="6" rx="3" fill="${edge}" opacity="0.5"/>`;
    case 'watch':
    case 'band':
      return `<defs>${screen}</defs>
        <rect x="-38" y="-150" width="76" height="300" rx="30" fill="${body}" stroke="${edge}" stroke-width="3"/>
        <rect x="${kind === 'band' ? -34 : -62}" y="${kind === 'band' ? -58 : -74}" width="${kind === 'band' ? 68 : 124}" height="${kind === 'band' ? 116 : 148}" rx="${kind === 'band' ? 30 : 34}" fill="#17181c" stroke="${edge}" stroke-width="3"/>
        <rect x="${kind === 'band' ? -26 : -52}" y="${kind === 'band' ? -48 : -64}" width="${kind === 'band' ? 52 : 104}" height="${kind === 'band' ? 96 : 128}" rx="${kind === 'band' ? 22 : 26}" fill="url(#scr)"/>
        <text x="0" y="${kind === 'band' ? 8 : 10}" font-family="${FONT}" font-size="${kind === 'band' ? 22 : 34}" font-weight="700" fill="#fff" text-anchor="middle">10:09</text>`;
    case 'earbuds':
      return `<rect x="-110" y="-40" width="220" height="150" rx="60" fill="${body}" stroke="${edge}" stroke-width="3"/>
        <line x1="-104" y1="10" x2="104" y2="10" stroke="${edge}" stroke-width="2" opacity="0.6"/>
        <circle cx="0" cy="40" r="5" fill="${accent}"/>
        <g transform="translate(-58 -92) rotate(-18)"><ellipse cx="0" cy="0" rx="30" ry="36" fill="${body}" stroke="${edge}" stroke-width="3"/><rect x="-10" y="20" width="20" height="64" rx="10" fill="${body}" stroke="${edge}" stroke-width="3"/></g>
        <g transform="translate(58 -92) rotate(18)"><ellipse cx="0" cy="0" rx="30" ry="36" fill="${body}" stroke="${edge}" stroke-width="3"/><rect x="-10" y="20" width="20" height="64" rx="10" fill="${body}" stroke="${edge}" stroke-width="3"/></g>`;
    case 'headphones':
      return `<path d="M-110 30 V-10 A110 110 0 0 1 110 -10 V30" fill="none" stroke="${body}" stroke-width="26" stroke-linecap="round"/>
        <path d="M-110 30 V-10 A110 110 0 0 1 110 -10 V30" fill="none" stroke="${edge}" stroke-width="2" opacity="0.4"/>
        <rect x="-150" y="10" width="70" height="120" rx="32" fill="${body}" stroke="${edge}" stroke-width="3"/>
        <rect x="80" y="10" width="70" height="120" rx="32" fill="${body}" stroke="${edge}" stroke-width="3"/>
        <rect x="-86" y="30" width="14" height="80" rx="7" fill="${accent}" opacity="0.8"/><rect x="72" y="30" width="14" height="80" rx="7" fill="${accent}" opacity="0.8"/>`;
    case 'speaker':
      return `<rect x="-150" y="-70" width="300" height="150" rx="75" fill="${body}" stroke="${edge}" stroke-width="3"/>
        <circle cx="-150" cy="5" r="52" fill="${edge}" opacity="0.55"/><circle cx="150" cy="5" r="52" fill="${edge}" opacity="0.55"/>
        <rect x="-60" y="-20" width="120" height="50" rx="12" fill="${accent}"/>
        <text x="0" y="14" font-family="${FONT}" font-size="30" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(label.slice(0, 6))}</text>
        <g fill="${edge}" opacity="0.35">${Array.from({ length: 7 }, (_, i) => `<circle cx="${-105 + i * 35}" cy="58" r="5"/>`).join('')}</g>`;
    case 'charger':
      return `<rect x="-70" y="-80" width="140" height="170" rx="26" fill="${body}" stroke="${edge}" stroke-width="3"/>
        <rect x="-38" y="-130" width="14" height="52" rx="4" fill="#c9ccd1"/><rect x="24" y="-130" width="14" height="52" rx="4" fill="#c9ccd1"/>
        <rect x="-24" y="40" width="48" height="18" rx="9" fill="${edge}"/>
        <text x="0" y="10" font-family="${FONT}" font-size="34" font-weight="700" fill="${accent}" text-anchor="middle">${escapeXml(label)}</text>`;
    case 'cable':
      return `<path d="M-120 -100 C 60 -160, 160 -20, 0 10 S -160 120, 110 130" fill="none" stroke="${body}" stroke-width="16" stroke-linecap="round"/>
        <path d="M-120 -100 C 60 -160, 160 -20, 0 10 S -160 120, 110 130" fill="none" stroke="${edge}" stroke-width="2" opacity="0.35"/>
        <rect x="-156" y="-118" width="46" height="36" rx="8" fill="${body}" stroke="${edge}" stroke-width="3"/><rect x="-176" y="-108" width="22" height="16" rx="4" fill="#c9ccd1"/>
        <rect x="104" y="112" width="46" height="36" rx="8" fill="${body}" stroke="${edge}" stroke-width="3"/><rect x="148" y="122" width="22" height="16" rx="4" fill="#c9ccd1"/>`;
    case 'powerbank':
      return `<rect x="-80" y="-140" width="160" height="270" rx="24" fill="${body}" stroke="${edge}" stroke-width="3"/>
        <g fill="${accent}">${Array.from({ length: 4 }, (_, i) => `<circle cx="${-24 + i * 16}" cy="96" r="5"/>`).join('')}</g>
        <text x="0" y="0" font-family="${FONT}" font-size="30" font-weight="700" fill="${isLight(body) ? '#333' : '#eee'}" text-anchor="middle">${escapeXml(label)}</text>
        <rect x="-22" y="-136" width="44" height="10" rx="5" fill="${edge}"/>`;
    case 'case':
      return `<rect x="-72" y="-146" width="144" height="286" rx="28" fill="${body}" stroke="${edge}" stroke-width="3" opacity="${isLight(body) ? 0.85 : 1}"/>
        <rect x="-60" y="-134" width="120" height="262" rx="22" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="2"/>
        <rect x="-54" y="-124" width="56" height="72" rx="16" fill="#00000033"/>
        <circle cx="-36" cy="-104" r="11" fill="#0e1014"/><circle cx="-36" cy="-74" r="11" fill="#0e1014"/>`;
    case 'protector':
      return `<rect x="-70" y="-142" width="140" height="280" rx="26" fill="#dfe9f2" stroke="#9fb3c6" stroke-width="3" opacity="0.9"/>
        <path d="M-70 -40 L70 -110 L70 -60 L-70 10 Z" fill="#ffffff" opacity="0.6"/>
        <rect x="-14" y="-132" width="28" height="8" rx="4" fill="#9fb3c6"/>`;
    case 'tire':
      return `<circle r="148" fill="#1c1d20"/>
        <circle r="148" fill="none" stroke="#2d2f33" stroke-width="22" stroke-dasharray="14 10"/>
        <circle r="96" fill="#2b2d31"/><circle r="84" fill="#c4c8ce"/><circle r="70" fill="#9ea3aa"/>
        ${Array.from({ length: 5 }, (_, i) => `<rect x="-9" y="-78" width="18" height="62" rx="7" fill="#c4c8ce" transform="rotate(${i * 72})"/>`).join('')}
        <circle r="20" fill="#5d6168"/>
        <path id="arc" d="M-120 0 A120 120 0 0 1 120 0" fill="none"/>
        <text font-family="${FONT}" font-size="20" font-weight="700" fill="#d8dadd" letter-spacing="2"><textPath href="#arc" startOffset="50%" text-anchor="middle">${escapeXml(label)}</textPath></text>`;
    case 'voucher':
      return `<rect x="-160" y="-100" width="320" height="200" rx="22" fill="${accent}"/>
        <circle cx="-160" cy="0" r="22" fill="#fff"/><circle cx="160" cy="0" r="22" fill="#fff"/>
        <line x1="-110" y1="-60" x2="110" y2="-60" stroke="#fff" stroke-opacity="0.5" stroke-width="2" stroke-dasharray="8 6"/>
        <text x="0" y="-74" font-family="${FONT}" font-size="22" font-weight="700" fill="#fff" text-anchor="middle" letter-spacing="3">GIFT VOUCHER</text>
        <text x="0" y="30" font-family="${FONT}" font-size="${Math.min(64, Math.floor(380 / Math.max(label.length, 1)))}" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(label)}</text>`;
    case 'bottle':
      return `<path d="M-22 -150 H22 V-96 C22 -70 66 -60 66 -10 V130 C66 142 56 150 44 150 H-44 C-56 150 -66 142 -66 130 V-10 C-66 -60 -22 -70 -22 -96 Z" fill="${body}" stroke="${edge}" stroke-width="3"/>
        <rect x="-24" y="-166" width="48" height="26" rx="5" fill="${accent}"/>
        <rect x="-54" y="10" width="108" height="90" rx="8" fill="#f4ead6"/>
        <text x="0" y="62" font-family="${FONT}" font-size="20" font-weight="700" fill="#3b2a1a" text-anchor="middle">${escapeXml(label.slice(0, 9))}</text>`;
  }
}

export type ProductArt = { kind: ArtKind; brand: string; brandColor: string; title: string; color?: string | null; label?: string };

/** A square product shot: tinted backdrop, the device in its colour, brand and model name. */
export function productSvg(art: ProductArt, size = 510): string {
  const body = colorHex(art.color, art.kind === 'tire' ? '#1c1d20' : '#2c2e33');
  const lines = wrap(art.title, 30, 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 510 510">
    <defs><radialGradient id="bg" cx="0.5" cy="0.42" r="0.75"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#eef0f3"/></radialGradient></defs>
    <rect width="510" height="510" fill="url(#bg)"/>
    <circle cx="255" cy="205" r="170" fill="${art.brandColor}" opacity="0.10"/>
    <g transform="translate(255 205) scale(0.92)">${device(art.kind, body, art.brandColor, art.label)}</g>
    <rect x="0" y="402" width="510" height="108" fill="#ffffff" opacity="0.85"/>
    <text x="28" y="436" font-family="${FONT}" font-size="19" font-weight="700" fill="${art.brandColor}" letter-spacing="2">${escapeXml(art.brand.toUpperCase())}</text>
    ${lines.map((l, i) => `<text x="28" y="${466 + i * 26}" font-family="${FONT}" font-size="22" fill="#23252a">${escapeXml(l)}</text>`).join('')}
  </svg>`;
}

/**
 * The wordmark's size: the name fits the 450-wide tile with a margin, even in wide letters
 * (bold capitals run to about 0.72 em; "Samsung" at 96 px was cut at the tile's edge).
 */
export function brandFontSize(name: string): number {
  return Math.min(96, Math.floor(390 / (Math.max(name.length, 3) * 0.72)));
}

/** A square brand tile: the brand's colour with its name as a wordmark. */
export function brandSvg(name: string, color: string, size = 510): string {
  const fontSize = brandFontSize(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 510 510">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${color}" stop-opacity="0.78"/></linearGradient></defs>
    <rect width="510" height="510" fill="#ffffff"/><rect x="30" y="30" width="450" height="450" rx="48" fill="url(#g)"/>
    <text x="255" y="${255 + fontSize * 0.35}" font-family="${FONT}" font-size="${fontSize}" font-weight="700" fill="${isLight(color) ? '#1b1b1b' : '#ffffff'}" text-anchor="middle">${escapeXml(name)}</text>
  </svg>`;
}

/** A wide picture: gradient, headline and a device; used for banners (1600 x 600) and category backgrounds. */
export function wideSvg(opts: {
  width: number;
  height: number;
  headline: string;
  subline: string;
  color: string;
  kind: ArtKind;
  deviceColor?: string;
  label?: string;
}): string {
  const { width: w, height: h } = opts;
  const scale = (h / 600) * 1.25;
  const lines = wrap(opts.headline, 22, 2);
  const head = Math.round(h * 0.12);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <defs><linearGradient id="wg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${opts.color}"/><stop offset="1" stop-color="#111318"/></linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#wg)"/>
    <circle cx="${w * 0.74}" cy="${h * 0.5}" r="${h * 0.62}" fill="#ffffff" opacity="0.07"/>
    <circle cx="${w * 0.74}" cy="${h * 0.5}" r="${h * 0.42}" fill="#ffffff" opacity="0.08"/>
    <g transform="translate(${w * 0.74} ${h * 0.52}) scale(${scale})">${device(opts.kind, colorHex(opts.deviceColor, '#2c2e33'), opts.color, opts.label)}</g>
    ${lines.map((l, i) => `<text x="${w * 0.06}" y="${h * 0.36 + i * head * 1.1}" font-family="${FONT}" font-size="${head}" font-weight="700" fill="#ffffff">${escapeXml(l)}</text>`).join('')}
    <text x="${w * 0.06}" y="${h * 0.36 + lines.length * head * 1.1 + head * 0.3}" font-family="${FONT}" font-size="${Math.round(head * 0.42)}" fill="#ffffff" opacity="0.85">${escapeXml(opts.subline)}</text>
  </svg>`;
}

/** Half the width and height of what `device` draws around (0, 0), with its strokes. */
const DEVICE_HALF = { x: 182, y: 170 };

/**
 * Where a poster's parts go: the text block on top, the device below it, scaled to the space
 * left, so the art can never cover its own words (the announcement drew "GIFT VOUCHER
 * 20% OFF" over "Holiday Sale").
 */
export function posterLayout(width: number, height: number, headlineLines: number) {
  const margin = Math.round(height * 0.06);
  const head = Math.round(height * 0.085);
  const sub = Math.round(head * 0.45);
  const firstBaseline = margin + head;
  const subBaseline = firstBaseline + (headlineLines - 1) * head * 1.1 + sub * 1.8;
  const textBottom = subBaseline + sub * 0.3;
  const boxTop = textBottom + margin;
  const boxHeight = height - margin - boxTop;
  const scale = Math.min(boxHeight / (2 * DEVICE_HALF.y), (width - 2 * margin) / (2 * DEVICE_HALF.x));
  const device = { cx: width / 2, cy: boxTop + boxHeight / 2, scale };
  return {
    head,
    sub,
    firstBaseline,
    subBaseline,
    textBottom,
    device,
    deviceTop: device.cy - DEVICE_HALF.y * scale,
    deviceBottom: device.cy + DEVICE_HALF.y * scale,
  };
}

/** A square or tall picture (the announcement modal): headline and subline above the device. */
export function posterSvg(opts: { width: number; height: number; headline: string; subline: string; color: string; kind: ArtKind; label?: string }): string {
  const { width: w, height: h } = opts;
  const lines = wrap(opts.headline, 16, 2);
  const l = posterLayout(w, h, lines.length);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <defs><linearGradient id="pg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${opts.color}"/><stop offset="1" stop-color="#111318"/></linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#pg)"/>
    <circle cx="${l.device.cx}" cy="${l.device.cy}" r="${DEVICE_HALF.x * l.device.scale}" fill="#ffffff" opacity="0.08"/>
    ${lines.map((line, i) => `<text x="${w / 2}" y="${l.firstBaseline + i * l.head * 1.1}" font-family="${FONT}" font-size="${l.head}" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(line)}</text>`).join('')}
    <text x="${w / 2}" y="${l.subBaseline}" font-family="${FONT}" font-size="${l.sub}" fill="#ffffff" opacity="0.9" text-anchor="middle">${escapeXml(opts.subline)}</text>
    <g transform="translate(${l.device.cx} ${l.device.cy}) scale(${l.device.scale})">${device(opts.kind, '#2c2e33', opts.color, opts.label)}</g>
  </svg>`;
}

/**
 * Renders an SVG once and stores every WebP derivative. Skips work when the largest is stored
 * already (keys are versioned, so a stored file is the same picture).
 */
export async function renderImage(
  storage: FileStorage | undefined,
  key: string,
  svg: () => string,
  width: number,
  height: number,
): Promise<StoredImage> {
  const image = { key, width, height };
  if (!storage) return image;
  const widths = derivativeWidths(width);
  if (await storage.get(`${key}/${width}.webp`)) return image;
  const sharp = await loadSharp();
  // Opaque pictures: dropping the alpha channel makes WebP encoding about a third faster.
  const raw = await sharp(Buffer.from(svg())).flatten({ background: '#ffffff' }).raw().toBuffer({ resolveWithObject: true });
  const files = await Promise.all(
    widths.map(async (w) => [`${key}/${w}.webp`, await sharp(raw.data, { raw: raw.info }).resize(w).webp({ quality: 80, effort: 1 }).toBuffer()] as [string, Buffer]),
  );
  await putAll(storage, files);
  return image;
}

/**
 * Renders images in the background (sharp works on libuv threads) while the seed goes on
 * writing rows; `drain()` waits for the rest. `add` answers the stored image at once.
 */
export class ArtQueue {
  private jobs: (() => Promise<unknown>)[] = [];
  private workers = new Set<Promise<void>>();
  private failure: unknown = null;

  constructor(
    private readonly storage: FileStorage | undefined,
    private readonly limit = 3,
  ) {}

  add(key: string, svg: () => string, width: number, height: number): StoredImage {
    if (this.storage) {
      this.jobs.push(() => renderImage(this.storage, key, svg, width, height));
      if (this.workers.size < this.limit) {
        const worker: Promise<void> = this.work().finally(() => this.workers.delete(worker));
        this.workers.add(worker);
      }
    }
    return { key, width, height };
  }

  private async work() {
    for (let job = this.jobs.shift(); job; job = this.jobs.shift()) {
      try {
        await job();
      } catch (error) {
        this.failure ??= error;
      }
    }
  }

  async drain(): Promise<void> {
    while (this.workers.size > 0) await Promise.all([...this.workers]);
    if (this.failure) throw this.failure;
  }
}
