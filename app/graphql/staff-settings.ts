// The back office's settings operations (/staff/settings): fees, shipping zones, gateways and
// the installment factors and the Commissioner programme's rates.
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';

export type StaffShippingZone = NonNullable<G.StaffContentSettingsQuery['shippingZones']>['edges'][number]['node'];

export const StaffContentSettingsQuery = operation<G.StaffContentSettingsQuery, G.StaffContentSettingsQueryVariables>(/* GraphQL */ `
  query StaffContentSettings {
    checkoutSettings {
      insurancePercentage
      insuranceMinimum { amount }
      cashOnDeliveryFeePercentage
      cashOnDeliveryFeeMinimum { amount }
      cashOnDeliveryMaximumOrder { amount }
      paypalTransactionFeePercentage
    }
    shippingZones(first: 20) { edges { node { id name extraPerKgPrice { amount } rates { maxWeight price { amount } } } } }
    referralSettings { level1Percentage level2Percentage holdDays payoutTaxPercentage }
  }
`);

export const StaffGatewaySettingsQuery = operation<G.StaffGatewaySettingsQuery, G.StaffGatewaySettingsQueryVariables>(/* GraphQL */ `
  query StaffGatewaySettings {
    gatewaySettings {
      gateway displayName isEnabled isImplemented maximumOrderAmount { amount } paymentWindowMinutes
      defaults { displayName maximumOrderAmount { amount } paymentWindowMinutes }
    }
  }
`);

export const CheckoutSettingsUpdateMutation = operation<G.CheckoutSettingsUpdateMutation, G.CheckoutSettingsUpdateMutationVariables>(/* GraphQL */ `
  mutation CheckoutSettingsUpdate($input: CheckoutSettingsInput!) { checkoutSettingsUpdate(input: $input) { errors { field message } } }
`);

export const ShippingZoneUpdateMutation = operation<G.ShippingZoneUpdateMutation, G.ShippingZoneUpdateMutationVariables>(/* GraphQL */ `
  mutation ShippingZoneUpdate($id: ID!, $input: ShippingZoneInput!) { shippingZoneUpdate(id: $id, input: $input) { errors { field message } } }
`);

export const GatewaySettingsUpdateMutation = operation<G.GatewaySettingsUpdateMutation, G.GatewaySettingsUpdateMutationVariables>(/* GraphQL */ `
  mutation GatewaySettingsUpdate($gateway: String!, $input: GatewaySettingsInput!) {
    gatewaySettingsUpdate(gateway: $gateway, input: $input) { errors { field message } }
  }
`);

export const ReferralSettingsUpdateMutation = operation<G.ReferralSettingsUpdateMutation, G.ReferralSettingsUpdateMutationVariables>(/* GraphQL */ `
  mutation ReferralSettingsUpdate($input: ReferralSettingsInput!) { referralSettingsUpdate(input: $input) { errors { field message } } }
`);

export const InstallmentFactorsUpdateMutation = operation<G.InstallmentFactorsUpdateMutation, G.InstallmentFactorsUpdateMutationVariables>(/* GraphQL */ `
  mutation InstallmentFactorsUpdate($factors: [InstallmentFactorInput!]!) {
    installmentFactorsUpdate(factors: $factors) { errors { field message } }
  }
`);
