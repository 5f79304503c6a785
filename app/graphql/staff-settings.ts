// The back office's settings operations (/staff/settings): fees, shipping zones, gateways and
// the installment factors and the Commissioner programme's rates.
import { operation } from '../../common/graphql-operation';

type Errors = { errors: { field: string | null; message: string }[] };
type Amount = { amount: number } | null;

export type StaffCheckoutSettings = {
  insurancePercentage: number;
  insuranceMinimum: { amount: number };
  cashOnDeliveryFeePercentage: number;
  cashOnDeliveryFeeMinimum: { amount: number };
  cashOnDeliveryMaximumOrder: { amount: number };
  paypalTransactionFeePercentage: number;
};
export type StaffShippingZone = { id: string; name: string; extraPerKgPrice: { amount: number }; rates: { maxWeight: number; price: { amount: number } }[] };
export type StaffGatewaySetting = {
  gateway: string;
  displayName: string;
  isEnabled: boolean;
  isImplemented: boolean;
  maximumOrderAmount: Amount;
  paymentWindowMinutes: number | null;
  defaults: { displayName: string; maximumOrderAmount: Amount; paymentWindowMinutes: number | null };
};
export type StaffReferralSettings = { level1Percentage: number; level2Percentage: number; holdDays: number; payoutTaxPercentage: number };

export const StaffContentSettingsQuery = operation<{
  checkoutSettings: StaffCheckoutSettings | null;
  shippingZones: { edges: { node: StaffShippingZone }[] } | null;
  referralSettings: StaffReferralSettings | null;
}>(/* GraphQL */ `
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

export const StaffGatewaySettingsQuery = operation<{ gatewaySettings: StaffGatewaySetting[] | null }>(/* GraphQL */ `
  query StaffGatewaySettings {
    gatewaySettings {
      gateway displayName isEnabled isImplemented maximumOrderAmount { amount } paymentWindowMinutes
      defaults { displayName maximumOrderAmount { amount } paymentWindowMinutes }
    }
  }
`);

export const CheckoutSettingsUpdateMutation = operation<
  { checkoutSettingsUpdate: Errors | null },
  {
    input: {
      insurancePercentage?: number;
      insuranceMinimum?: number;
      cashOnDeliveryFeePercentage?: number;
      cashOnDeliveryFeeMinimum?: number;
      cashOnDeliveryMaximumOrder?: number;
      paypalTransactionFeePercentage?: number;
    };
  }
>(/* GraphQL */ `
  mutation CheckoutSettingsUpdate($input: CheckoutSettingsInput!) { checkoutSettingsUpdate(input: $input) { errors { field message } } }
`);

export const ShippingZoneUpdateMutation = operation<
  { shippingZoneUpdate: Errors | null },
  { id: string; input: { name?: string; extraPerKgPrice?: number; rates?: { maxWeight: number; price: number }[] } }
>(/* GraphQL */ `
  mutation ShippingZoneUpdate($id: ID!, $input: ShippingZoneInput!) { shippingZoneUpdate(id: $id, input: $input) { errors { field message } } }
`);

export const GatewaySettingsUpdateMutation = operation<
  { gatewaySettingsUpdate: Errors | null },
  { gateway: string; input: { displayName?: string; isEnabled?: boolean; maximumOrderAmount?: number | null; paymentWindowMinutes?: number } }
>(/* GraphQL */ `
  mutation GatewaySettingsUpdate($gateway: String!, $input: GatewaySettingsInput!) {
    gatewaySettingsUpdate(gateway: $gateway, input: $input) { errors { field message } }
  }
`);

export const ReferralSettingsUpdateMutation = operation<
  { referralSettingsUpdate: Errors | null },
  { input: Partial<StaffReferralSettings> }
>(/* GraphQL */ `
  mutation ReferralSettingsUpdate($input: ReferralSettingsInput!) { referralSettingsUpdate(input: $input) { errors { field message } } }
`);

export const InstallmentFactorsUpdateMutation = operation<
  { installmentFactorsUpdate: Errors | null },
  { factors: { term: number; factor: number }[] }
>(/* GraphQL */ `
  mutation InstallmentFactorsUpdate($factors: [InstallmentFactorInput!]!) {
    installmentFactorsUpdate(factors: $factors) { errors { field message } }
  }
`);
