// Staff edit the gateways (MANAGE_PAYMENTS): whether each is offered, its display name, its
// maximum order amount and its payment window. A gateway without a row keeps its code defaults.
import { gatewaySettingsSchema, SETTINGS_MESSAGES } from '../../../../common/staff/settings-rules';
import { validate } from '../../../../common/validation/issues';
import type { ServiceContext } from '../../../graphql/context';
import { DomainError } from '../../../lib/domain-error';
import { logStaffAction, requirePermission } from '../../system/staff-access.service';
import { SPEC_GATEWAYS, type GatewayInfo } from './gateway-rules';
import { defaultGatewaySettings, loadGatewaySettings, settingsOf, type GatewaySettings } from './gateway-settings';
import { GATEWAYS } from './gateways';
import { gatewaySettings } from '../payments.tables';

export type StaffGatewaySetting = GatewaySettings & {
  gateway: string;
  /** The code defaults, shown beside the fields. */
  defaults: GatewaySettings;
  /** False for a gateway of the rulebook this shop has no implementation of yet. */
  isImplemented: boolean;
};

const implemented = new Set(GATEWAYS.map((g) => g.info.id));

function describe(info: GatewayInfo, settings: GatewaySettings): StaffGatewaySetting {
  return { ...settings, gateway: info.id, defaults: defaultGatewaySettings(info), isImplemented: implemented.has(info.id) };
}

/** gatewaySettings: every gateway of the rulebook, in the storefront's order. */
export async function listGatewaySettings(ctx: ServiceContext): Promise<StaffGatewaySetting[]> {
  await requirePermission(ctx, 'MANAGE_PAYMENTS');
  const map = await loadGatewaySettings(ctx);
  return SPEC_GATEWAYS.map((info) => describe(info, settingsOf(info, map)));
}

/** gatewaySettingsUpdate: the fields given change; amounts in pesos here, centavos stored. */
export async function updateGatewaySettings(ctx: ServiceContext, gatewayId: string, input: unknown): Promise<StaffGatewaySetting> {
  await requirePermission(ctx, 'MANAGE_PAYMENTS');
  const info = SPEC_GATEWAYS.find((g) => g.id === gatewayId);
  if (!info) throw new DomainError(SETTINGS_MESSAGES.gatewayUnknown, 'gateway');
  const parsed = validate(gatewaySettingsSchema, input);
  if (!parsed.ok) throw new DomainError(parsed.errors);
  const changes = parsed.data;
  if (changes.paymentWindowMinutes !== undefined && info.paymentWindowMinutes === null) {
    throw new DomainError(SETTINGS_MESSAGES.noPaymentWindow, 'paymentWindowMinutes');
  }
  const set: Partial<typeof gatewaySettings.$inferInsert> = {};
  if (changes.displayName !== undefined) set.displayName = changes.displayName;
  if (changes.isEnabled !== undefined) set.isEnabled = changes.isEnabled;
  if (changes.maximumOrderAmount !== undefined) set.maximumOrderAmount = changes.maximumOrderAmount === null ? null : Math.round(changes.maximumOrderAmount * 100);
  if (changes.paymentWindowMinutes !== undefined) set.paymentWindowMinutes = changes.paymentWindowMinutes;
  await ctx.db.transaction(async (db) => {
    await db
      .insert(gatewaySettings)
      .values({ gateway: info.id, ...set })
      .onConflictDoUpdate({ target: gatewaySettings.gateway, set: { ...set, updatedAt: new Date() } });
    await logStaffAction({ ...ctx, db }, { action: 'gatewaySettingsUpdate', subjectType: 'gateway', subjectId: SPEC_GATEWAYS.indexOf(info), note: `${info.id}: ${JSON.stringify(changes)}` });
  });
  // A fresh read: the per-request cache of loadGatewaySettings holds the old values.
  const fresh = await loadGatewaySettings({ ...ctx });
  return describe(info, settingsOf(info, fresh));
}
