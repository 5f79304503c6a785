// iPay88's request form (docs/product/orders-and-payments.md#pay-now): posted to the gateway's entry page as soon as it renders;
// the button stays for a browser that blocks the automatic post.
import { useEffect, useRef } from 'react';
import type { Ipay88Fields } from '../../graphql/payments';

export function Ipay88Form({ fields }: { fields: Ipay88Fields }) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.submit();
  }, []);
  const hidden: Record<string, string> = {
    MerchantCode: fields.merchantCode,
    PaymentId: '1',
    RefNo: fields.refNo,
    Amount: fields.amount,
    Currency: fields.currency,
    ProdDesc: fields.prodDesc,
    UserName: fields.userName,
    UserEmail: fields.userEmail,
    SignatureType: fields.signatureType ?? 'SHA1',
    Signature: fields.signature,
    ResponseUrl: fields.responseUrl,
    BackendUrl: fields.backendUrl,
    // iPay88's own spelling of the two addresses, beside the rulebook's.
    ResponseURL: fields.responseUrl,
    BackendURL: fields.backendUrl,
  };
  return (
    <form ref={form} method="post" action={fields.paymentUrl} className="mt-4">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="btn-primary">
        Continue to iPay88
      </button>
    </form>
  );
}
