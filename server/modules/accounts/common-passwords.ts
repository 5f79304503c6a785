// Refuses the passwords attackers try first: the 49,000 most common ones of zxcvbn-ts's
// maintained list (the browser checks only the length; the list stays on the server).
import { createRequire } from 'node:module';
import type * as ZxcvbnCommon from '@zxcvbn-ts/language-common';
import { ACCOUNT_MESSAGES } from '../../../common/validation/account';
import { DomainError } from '../../lib/domain-error';

let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  // The list is loaded with the first password checked (~2.6 MB of heap before any is).
  common ??= new Set(((createRequire(import.meta.url)('@zxcvbn-ts/language-common') as typeof ZxcvbnCommon).dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/** Throws the "too common" message on `field` when the password is on the list. */
export function assertUncommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw new DomainError(ACCOUNT_MESSAGES.passwordTooCommon, field);
}
