// The seller's details as the lines every page's footer and every order email show (the Internet
// Transactions Act: registered name, business address, contact, registration numbers). Built on
// the server (the root loader, the email sender), so the browser receives only the text.
import type { SellerDetails } from './seller-details';

export type SellerLineFields = Pick<SellerDetails, 'registeredName' | 'tradeName' | 'tin' | 'branchCode' | 'businessAddress' | 'registrationNumber' | 'contactEmail' | 'contactPhone'>;

/** Empty before staff enter the registered name. */
export function sellerDetailsLines(seller: SellerLineFields): string[] {
  if (!seller.registeredName.trim()) return [];
  const name = seller.tradeName && seller.tradeName !== seller.registeredName ? `${seller.registeredName} (${seller.tradeName})` : seller.registeredName;
  return [
    [name, seller.businessAddress].filter(Boolean).join(', '),
    [seller.contactEmail, seller.contactPhone].filter(Boolean).join(' · '),
    [seller.registrationNumber ? `Registration No. ${seller.registrationNumber}` : '', seller.tin ? `TIN ${seller.tin}-${seller.branchCode}` : ''].filter(Boolean).join(' · '),
  ].filter(Boolean);
}
