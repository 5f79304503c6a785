// Who hosts each gateway's payments: a real provider client when its credentials are
// configured, else the built-in sandbox when it is enabled, else nobody. Webhooks reach
// /webhooks/{provider name} through providerNamed.
import type { Config } from '../../config';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox/sandbox.provider';

type RealProvider = {
  /** The gateways it serves (spec names). */
  gateways: readonly string[];
  /** The client, or null when its credentials are not configured. */
  create: (config: Config) => PaymentProvider | null;
};

// Real provider clients (server/modules/payments/providers/) are listed here, e.g.
// { gateways: ['Paypal Checkout'], create: (config) => config.paypal ? createPaypalProvider(config) : null }.
export const REAL_PROVIDERS: RealProvider[] = [];

/** Who hosts this gateway's payments with this configuration, or null when nobody does. */
export function providerFor(config: Config, gateway: string): PaymentProvider | null {
  for (const entry of REAL_PROVIDERS) {
    if (!entry.gateways.includes(gateway)) continue;
    const provider = entry.create(config);
    if (provider) return provider;
  }
  return config.paymentsSandbox.enabled ? createSandboxProvider(config) : null;
}

/** The provider that receives webhooks and returns at /webhooks/{name}, or null. */
export function providerNamed(config: Config, name: string): PaymentProvider | null {
  for (const entry of REAL_PROVIDERS) {
    const provider = entry.create(config);
    if (provider?.name === name) return provider;
  }
  return name === 'sandbox' && config.paymentsSandbox.enabled ? createSandboxProvider(config) : null;
}
