// The order payment mutations (docs/product/orders-and-payments.md#pay-now): PayPal create/capture, Dragonpay, iPay88.
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';

export type Ipay88Fields = {
  merchantCode: string;
  signature: string;
  signatureType?: string | null;
  responseUrl: string;
  backendUrl: string;
  paymentUrl: string;
  refNo: string;
  amount: string;
  currency: string;
  prodDesc: string;
  userName: string;
  userEmail: string;
};

export const NewDragonpayPaymentUrlMutation = operation<G.NewDragonpayPaymentUrlMutation, G.NewDragonpayPaymentUrlMutationVariables>(/* GraphQL */ `
  mutation NewDragonpayPaymentUrl($orderId: ID!) {
    newDragonpayPaymentUrl(orderId: $orderId) { url errors { field message } }
  }
`);

export const CreatePaypalTransactionMutation = operation<G.CreatePaypalTransactionMutation, G.CreatePaypalTransactionMutationVariables>(/* GraphQL */ `
  mutation CreatePaypalTransaction($orderId: ID!) {
    createPaypalTransaction(orderId: $orderId) { response errors { field message } }
  }
`);

export const CapturePaypalTransactionMutation = operation<G.CapturePaypalTransactionMutation, G.CapturePaypalTransactionMutationVariables>(/* GraphQL */ `
  mutation CapturePaypalTransaction($paypalTransactionId: String!) {
    capturePaypalTransaction(paypalTransactionId: $paypalTransactionId) { order { id captureStatus } errors { field message } }
  }
`);

export const OnDemandPaymentCreateMutation = operation<G.OnDemandPaymentCreateMutation, G.OnDemandPaymentCreateMutationVariables>(/* GraphQL */ `
  mutation OnDemandPaymentCreate($order: ID!, $paymentToken: String!) {
    onDemandPaymentCreate(order: $order, paymentToken: $paymentToken) { verificationUrl errors { field message } }
  }
`);

export const GenerateIpay88SignatureMutation = operation<G.GenerateIpay88SignatureMutation, G.GenerateIpay88SignatureMutationVariables>(/* GraphQL */ `
  mutation GenerateIpay88Signature($orderId: ID!, $userName: String) {
    generateIpay88Signature(orderId: $orderId, userName: $userName) {
      merchantCode signature signatureType responseUrl backendUrl paymentUrl refNo amount currency prodDesc userName userEmail
      errors { field message }
    }
  }
`);

/** The PayPal order's approve link (createPaypalTransaction's response JSON). */
export function approveLinkOf(response: string | null | undefined): string | null {
  if (!response) return null;
  try {
    const parsed = JSON.parse(response) as { links?: { rel?: string; href?: string }[] };
    return parsed.links?.find((l) => l.rel === 'approve')?.href ?? null;
  } catch {
    return null;
  }
}

/** Only complete field sets make a form to post (the schema allows each field to be null). */
export function ipay88FieldsOf(payload: { [K in keyof Ipay88Fields]?: Ipay88Fields[K] | null } | null | undefined): Ipay88Fields | null {
  const keys: (keyof Ipay88Fields)[] = ['merchantCode', 'signature', 'responseUrl', 'backendUrl', 'paymentUrl', 'refNo', 'amount', 'currency', 'prodDesc', 'userName', 'userEmail'];
  return payload && keys.every((k) => typeof payload[k] === 'string') ? (payload as Ipay88Fields) : null;
}
