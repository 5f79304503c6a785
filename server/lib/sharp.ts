// sharp (libvips) is loaded on first use, not at start: loading it costs about 32 MB of RSS
// (measured: 38 -> 70 MB in a bare node process), and a running shop only needs it when a
// picture is uploaded or the demo seed draws its artwork (the RSS goal).
import type SharpModule from 'sharp';

export type Sharp = typeof SharpModule;

let loading: Promise<Sharp> | null = null;

/** The sharp module, imported once. libvips' operation cache is off: no upload is decoded twice. */
export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
