// Which Maya the shop talks to: the real API when MAYA_* keys are set; otherwise, while the
// payments sandbox is on (PAYMENTS_SANDBOX, on outside live mode), the built-in sandbox (the
// Maya fake, served to browsers at /sandbox/maya and to this process on a loopback port);
// else none, and the card gateways are off.
import type { Config } from '../../../../config';
import { startFake, type RunningFake } from '../fake-server';
import { createMayaClient, type MayaClient } from './client';
import { createMayaFake } from './fake';

/** The sandbox's keys: public by design, they guard nothing but the sandbox. */
export const MAYA_SANDBOX_KEYS = { publicKey: 'pk-suki-sandbox', secretKey: 'sk-suki-sandbox' } as const;

export const MAYA_SANDBOX_PATH = '/sandbox/maya';

type Sandbox = { fake: ReturnType<typeof createMayaFake>; running: Promise<RunningFake> };
const sandboxes = new Map<string, Sandbox>();

/** The process's Maya sandbox for this public address (created on first use). */
export function mayaSandbox(publicUrl: string): Sandbox {
  let sandbox = sandboxes.get(publicUrl);
  if (!sandbox) {
    const fake = createMayaFake({ ...MAYA_SANDBOX_KEYS, publicUrl: () => `${publicUrl}${MAYA_SANDBOX_PATH}` });
    const running = startFake(fake.handler).then((r) => {
      r.unref();
      return r;
    });
    sandbox = { fake, running };
    sandboxes.set(publicUrl, sandbox);
  }
  return sandbox;
}

export type MayaBrowserSettings = {
  /** Where the browser's card form posts card details (Maya's payment-tokens endpoint; the sandbox's is a path on the page's origin). */
  tokenizerUrl: string;
  publicKey: string;
  sandbox: boolean;
};

export function mayaBrowserSettings(config: Config): MayaBrowserSettings | null {
  const real = config.providers.maya;
  if (real) return { tokenizerUrl: `${real.baseUrl.replace(/\/$/, '')}/payments/v1/payment-tokens`, publicKey: real.publicKey, sandbox: false };
  if (!config.paymentsSandbox.enabled) return null;
  // Relative: the card form posts to the sandbox on the page's own origin. An absolute address
  // built from PUBLIC_URL is another origin whenever the page's host differs (www against the
  // bare domain, an IP), and the page's CSP (connect-src 'self') blocks it.
  return { tokenizerUrl: `${MAYA_SANDBOX_PATH}/payments/v1/payment-tokens`, publicKey: MAYA_SANDBOX_KEYS.publicKey, sandbox: true };
}

/** The server's Maya client, or null when no Maya serves (live mode without keys). */
export async function mayaClient(config: Config): Promise<MayaClient | null> {
  const real = config.providers.maya;
  if (real) return createMayaClient(real);
  if (!config.paymentsSandbox.enabled) return null;
  const running = await mayaSandbox(config.publicUrl).running;
  return createMayaClient({ ...MAYA_SANDBOX_KEYS, baseUrl: running.url });
}
