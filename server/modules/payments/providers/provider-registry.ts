// Who hosts each gateway's payments: a real provider client when its credentials are
// configured, else the built-in sandbox when it is enabled, else nobody. Webhooks reach
// /webhooks/{provider name} through providerNamed.
import type { Config } from '../../../config';
import type { PaymentProvider } from './provider';
import { createDragonpayProvider } from './dragonpay/dragonpay.provider';
import { createIpay88Provider } from './ipay88/ipay88.provider';
import { createMayaProvider } from './maya/maya.provider';
import { createPaypalProvider } from './paypal/paypal.provider';
import { createSandboxProvider } from '../sandbox/sandbox.provider';

type RealProvider = {
  /** The gateways it serves (the rulebook names). */
  gateways: readonly string[];
  /** The client, or null when its credentials are not configured. */
  create: (config: Config) => PaymentProvider | null;
};

/** Real provider clients (server/modules/payments/providers/), each on when its credentials are set. */
export const REAL_PROVIDERS: readonly RealProvider[] = [
  { gateways: ['Paypal Checkout'], create: (config) => (config.providers.paypal ? createPaypalProvider(config.providers.paypal) : null) },
  // Paymaya Checkout is a card gateway (the Maya client's on-demand payments, ADR 042), not a hosted page.
  { gateways: ['Paymaya App'], create: (config) => (config.providers.maya ? createMayaProvider(config, config.providers.maya) : null) },
  { gateways: ['TendoPay', 'GrabPay'], create: (config) => (config.providers.dragonpay ? createDragonpayProvider(config.providers.dragonpay) : null) },
  { gateways: ['iPay88'], create: (config) => (config.providers.ipay88 ? createIpay88Provider(config.providers.ipay88) : null) },
];

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
