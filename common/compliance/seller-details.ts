// The seller's registered details: what a sales invoice, a withholding certificate, every page's
// footer and the order emails must show (the BIR's invoicing rules, the Internet Transactions
// Act), and who the data protection officer is. Staff keep them on the settings screen; the
// forms and the service both check these rules.
import { z } from 'zod';

export const VAT_STATUSES = ['VAT', 'NON_VAT'] as const;
export type VatStatus = (typeof VAT_STATUSES)[number];

export type SellerDetails = {
  /** The name on the BIR certificate of registration (a person's or a company's). */
  registeredName: string;
  /** The business (trade) name shoppers know, if different; '' when none. */
  tradeName: string;
  /** Taxpayer identification number, 9 digits, written 000-000-000. */
  tin: string;
  /** The branch code after the TIN: 00000 for the head office. */
  branchCode: string;
  /** The registered business address, one line. */
  businessAddress: string;
  vatStatus: VatStatus;
  /** DTI business name or SEC registration number. */
  registrationNumber: string;
  contactEmail: string;
  contactPhone: string;
  dataProtectionOfficerName: string;
  dataProtectionOfficerEmail: string;
};

export const SELLER_DETAILS_MESSAGES = {
  registeredName: 'Please enter the registered name (up to 120 characters).',
  tradeName: 'Please enter a trade name of up to 120 characters.',
  tin: 'Please enter the TIN as 9 digits (000-000-000).',
  branchCode: 'Please enter the branch code as 3 to 5 digits (00000 for the head office).',
  businessAddress: 'Please enter the registered business address (up to 300 characters).',
  vatStatus: 'Please choose VAT or non-VAT registered.',
  registrationNumber: 'Please enter the DTI or SEC registration number (up to 40 characters).',
  contactEmail: 'Please enter a valid email address.',
  contactPhone: 'Please enter a contact number of up to 40 characters.',
  dataProtectionOfficerName: 'Please enter the data protection officer\'s name (up to 120 characters).',
  dataProtectionOfficerEmail: 'Please enter a valid email address for the data protection officer.',
} as const;

/** Nothing registered yet: a new shop fills these in before its first sale. */
export const EMPTY_SELLER_DETAILS: SellerDetails = {
  registeredName: '',
  tradeName: '',
  tin: '',
  branchCode: '00000',
  businessAddress: '',
  vatStatus: 'VAT',
  registrationNumber: '',
  contactEmail: '',
  contactPhone: '',
  dataProtectionOfficerName: '',
  dataProtectionOfficerEmail: '',
};

/** The fields without which an invoice or a certificate cannot be issued. */
export const REQUIRED_FOR_DOCUMENTS = ['registeredName', 'tin', 'branchCode', 'businessAddress'] as const satisfies readonly (keyof SellerDetails)[];

/** True when invoices and withholding certificates can name their seller. */
export function sellerDetailsComplete(details: SellerDetails): boolean {
  return REQUIRED_FOR_DOCUMENTS.every((field) => details[field].trim() !== '');
}

/** "123-456-789" from any spacing or dashes; the form and the documents show it so. */
export function formatTin(digits: string): string {
  const d = digits.replace(/\D/g, '');
  return d.length === 9 ? `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}` : digits;
}

const text = (max: number, message: string, required = false) => {
  const base = z.string({ error: message }).trim().max(max, message);
  return required ? base.min(1, message) : base;
};

const email = (message: string) => z.union([z.literal(''), z.string().trim().email(message).max(254, message)], { error: message });

/** A change to some of the details; a field left out keeps its value. */
export const sellerDetailsSchema = z.object({
  registeredName: text(120, SELLER_DETAILS_MESSAGES.registeredName, true).optional(),
  tradeName: text(120, SELLER_DETAILS_MESSAGES.tradeName).optional(),
  tin: z
    .string({ error: SELLER_DETAILS_MESSAGES.tin })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{9}$/, SELLER_DETAILS_MESSAGES.tin))
    .transform(formatTin)
    .optional(),
  branchCode: z.string({ error: SELLER_DETAILS_MESSAGES.branchCode }).trim().regex(/^\d{3,5}$/, SELLER_DETAILS_MESSAGES.branchCode).optional(),
  businessAddress: text(300, SELLER_DETAILS_MESSAGES.businessAddress, true).optional(),
  vatStatus: z.enum(VAT_STATUSES, { error: SELLER_DETAILS_MESSAGES.vatStatus }).optional(),
  registrationNumber: text(40, SELLER_DETAILS_MESSAGES.registrationNumber).optional(),
  contactEmail: email(SELLER_DETAILS_MESSAGES.contactEmail).optional(),
  contactPhone: text(40, SELLER_DETAILS_MESSAGES.contactPhone).optional(),
  dataProtectionOfficerName: text(120, SELLER_DETAILS_MESSAGES.dataProtectionOfficerName).optional(),
  dataProtectionOfficerEmail: email(SELLER_DETAILS_MESSAGES.dataProtectionOfficerEmail).optional(),
});
export type SellerDetailsChange = z.infer<typeof sellerDetailsSchema>;
