// Why the payment step does not offer a gateway to this checkout (issue 10): one line each.
import { gatewayRefusalText } from '../../../common/checkout/gateways';
import { formatPeso } from '../../../common/money';
import type { ServiceContext } from '../../graphql/context';
import { settingsOf } from '../payments/gateway-settings';
import { refusedGateways } from '../payments/payments.service';
import { checkoutFacts, type CheckoutView } from './checkout.service';

export function gatewayRefusals(ctx: ServiceContext, view: CheckoutView): { name: string; reason: string; message: string }[] {
  return refusedGateways(ctx.config, checkoutFacts(view), view.gatewaySettings).flatMap(({ gateway, reason, maximumOrderAmount }) => {
    const name = settingsOf(gateway.info, view.gatewaySettings).displayName;
    const message = gatewayRefusalText(name, reason, maximumOrderAmount === null ? null : formatPeso(maximumOrderAmount));
    return message ? [{ name: gateway.info.id, reason, message }] : [];
  });
}
