// Why the payment step does not offer a gateway to this checkout: one line each, with
// what the chooser needs to show the gateway disabled in its place.
import { gatewayRefusalText } from '../../../common/checkout/gateways';
import { formatPeso } from '../../../common/money';
import type { ServiceContext } from '../../graphql/context';
import { settingsOf } from '../payments/gateways/gateway-settings';
import type { GatewayRefusalView } from '../payments/payments.schema';
import { refusedGateways } from '../payments/payments.service';
import { checkoutFacts, type CheckoutView } from './checkout.service';

export function gatewayRefusals(ctx: ServiceContext, view: CheckoutView): GatewayRefusalView[] {
  return refusedGateways(ctx.config, checkoutFacts(view), view.gatewaySettings).flatMap(({ gateway, reason, maximumOrderAmount }) => {
    const { displayName, logoUrl } = settingsOf(gateway.info, view.gatewaySettings);
    const message = gatewayRefusalText(displayName, reason, maximumOrderAmount === null ? null : formatPeso(maximumOrderAmount));
    // The chooser shows each one in its place, disabled, with its mark and this line.
    return message ? [{ name: gateway.info.id, displayName, logo: logoUrl, reason, message, maximumOrderAmount }] : [];
  });
}
