// Bank details for payouts: the rulebook's bank codes and the form's messages, without zod;
// the schema (bank codes only, digits-only account number) is bank-schema.ts.

/** The rulebook's bank codes (docs/product/accounts.md#bank-details) with the names shown in the picker. */
export const BANKS = [
  { code: 'BDO', name: 'BDO Unibank' },
  { code: 'BPI', name: 'Bank of the Philippine Islands' },
  { code: 'BFB', name: 'BPI Family Savings Bank' },
  { code: 'MBTC', name: 'Metropolitan Bank and Trust Company' },
  { code: 'RCBC', name: 'Rizal Commercial Banking Corporation' },
  { code: 'UCPB', name: 'United Coconut Planters Bank' },
  { code: 'UBP', name: 'Union Bank of the Philippines' },
  { code: 'CBC', name: 'China Banking Corporation' },
  { code: 'EWB', name: 'East West Banking Corporation' },
  { code: 'SBC', name: 'Security Bank Corporation' },
  { code: 'LBP', name: 'Land Bank of the Philippines' },
  { code: 'PNB', name: 'Philippine National Bank' },
  { code: 'AUB', name: 'Asia United Bank' },
  { code: 'RSB', name: 'Robinsons Bank' },
  { code: 'BOC', name: 'Bank of Commerce' },
  { code: 'CBCS', name: 'China Bank Savings' },
  { code: 'CTBC', name: 'CTBC Bank (Philippines)' },
  { code: 'DBP', name: 'Development Bank of the Philippines' },
  { code: 'MAY', name: 'Maybank Philippines' },
  { code: 'PBCM', name: 'Philippine Bank of Communications' },
  { code: 'PSB', name: 'Philippine Savings Bank' },
  { code: 'PVB', name: 'Philippine Veterans Bank' },
  { code: 'SBA', name: 'Sterling Bank of Asia' },
] as const;
export type BankCode = (typeof BANKS)[number]['code'];
export const BANK_CODES = BANKS.map((b) => b.code) as [BankCode, ...BankCode[]];
export const bankName = (code: string) => BANKS.find((b) => b.code === code)?.name ?? code;

// The rulebook has no field messages for this form (its failure toast is 'Something went wrong!');
// these name the field so the form can say what to fix.
export const BANK_MESSAGES = {
  bank: 'Please select a bank.',
  accountName: 'Please enter the account name.',
  accountNumber: 'Account number should contain digits only.',
  failed: 'Something went wrong!',
  saved: 'Bank details saved!',
} as const;
