// bankDetailsRegister's zod schema: the rulebook's bank codes only, a digits-only account number.
import { z } from 'zod';
import { BANK_CODES, BANK_MESSAGES } from './bank';

/** bankDetailsRegister(bankName, accountNumber, accountName): bankName carries the bank code. */
export const bankDetailsSchema = z.object({
  bankName: z.enum(BANK_CODES, { error: BANK_MESSAGES.bank }),
  accountName: z
    .string()
    .default('')
    .transform((s) => s.trim().replace(/\s+/g, ' '))
    .refine((s) => s.length > 0 && s.length <= 100, BANK_MESSAGES.accountName),
  accountNumber: z
    .string()
    .default('')
    .transform((s) => s.trim())
    .refine((s) => /^\d{1,30}$/.test(s), BANK_MESSAGES.accountNumber),
});
export type BankDetailsInput = z.output<typeof bankDetailsSchema>;
