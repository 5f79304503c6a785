// Per-gateway settings: display name, logo, maximum order amount and whether it is offered.
// Defaults come from the gateway list (gateway-rules.ts); a gateway_settings row overrides them.
import type { ServiceContext } from '../../../graphql/context';
import type { Database } from '../../../db/client';
import { readThrough } from '../../../db/table-cache';
import { gatewayDisplayName } from '../../../../common/checkout/gateways';
import { SPEC_GATEWAYS, type GatewayInfo } from './gateway-rules';
import { gatewaySettings } from '../payments.tables';

export type GatewaySettings = {
  displayName: string;
  logoUrl: string;
  /** Centavos; null: no limit. */
  maximumOrderAmount: number | null;
  isEnabled: boolean;
  /** Minutes an order may wait unpaid; null: no limit (cash on delivery). */
  paymentWindowMinutes: number | null;
};

export const gatewayLogoUrl = (id: string) =>
  `/gateways/${id.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.svg`;

export function defaultGatewaySettings(info: GatewayInfo): GatewaySettings {
  return {
    displayName: gatewayDisplayName(info.id),
    logoUrl: gatewayLogoUrl(info.id),
    maximumOrderAmount: info.maximumOrderAmount,
    isEnabled: true,
    paymentWindowMinutes: info.paymentWindowMinutes,
  };
}

const info = (id: string) => SPEC_GATEWAYS.find((g) => g.id === id);

export type GatewaySettingsMap = ReadonlyMap<string, Partial<GatewaySettings>>;

// Read once per request: every field of one answer agrees.
const perContext = new WeakMap<object, Promise<GatewaySettingsMap>>();

export function loadGatewaySettings(ctx: ServiceContext): Promise<GatewaySettingsMap> {
  let loaded = perContext.get(ctx);
  if (!loaded) {
    loaded = readGatewaySettings(ctx.db);
    perContext.set(ctx, loaded);
  }
  return loaded;
}

/**
 * The settings as checkout reads them: through the process's table cache (db/table-cache.ts),
 * shared by every request until staff change them. Staff screens read loadGatewaySettings.
 */
export function gatewaySettingsForCheckout(ctx: ServiceContext): Promise<GatewaySettingsMap> {
  return readThrough(ctx, 'gateway_settings', ['gateway_settings'], readGatewaySettings);
}

async function readGatewaySettings(db: Database): Promise<GatewaySettingsMap> {
  const rows = await db.select().from(gatewaySettings);
  return new Map(
    rows.map((r) => [
      r.gateway,
      {
        ...(r.displayName ? { displayName: r.displayName } : {}),
        ...(r.logoUrl ? { logoUrl: r.logoUrl } : {}),
        ...(r.maximumOrderAmount !== null ? { maximumOrderAmount: r.maximumOrderAmount } : {}),
        isEnabled: r.isEnabled,
        // A gateway without a window (cash on delivery) never gets one from a setting.
        ...(r.paymentWindowMinutes !== null && info(r.gateway)?.paymentWindowMinutes != null ? { paymentWindowMinutes: r.paymentWindowMinutes } : {}),
      },
    ]),
  );
}

export function settingsOf(info: GatewayInfo, map: GatewaySettingsMap | undefined): GatewaySettings {
  return { ...defaultGatewaySettings(info), ...map?.get(info.id) };
}

/** The gateway's rules with its configured maximum. */
export function withSettings(info: GatewayInfo, map: GatewaySettingsMap | undefined): GatewayInfo {
  return { ...info, maximumOrderAmount: settingsOf(info, map).maximumOrderAmount };
}

/**
 * The payment window of a gateway in minutes: staff's setting, else the gateway's default
 * (gateway-rules.ts); null for a gateway without one or not in the list.
 */
export async function paymentWindowMinutesFor(ctx: Pick<ServiceContext, 'db' | 'tableCache'>, gatewayId: string): Promise<number | null> {
  const gateway = info(gatewayId);
  if (!gateway || gateway.paymentWindowMinutes === null) return null;
  const settings = await readThrough(ctx, 'gateway_settings', ['gateway_settings'], readGatewaySettings);
  return settings.get(gatewayId)?.paymentWindowMinutes ?? gateway.paymentWindowMinutes;
}
