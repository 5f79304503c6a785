// The mutation error policy (docs/decisions/003-mutation-errors.md): expected failures are data.
import type { FieldError } from '../../../common/errors';
import { DomainError } from '../../lib/domain-error';
import { builder } from '../builder';

export const ErrorRef = builder.objectRef<FieldError>('Error').implement({
  description: 'An expected failure: the field it concerns (null for the whole input) and the text to show.',
  fields: (t) => ({
    field: t.exposeString('field', { nullable: true }),
    message: t.exposeString('message'),
  }),
});

export type WithErrors<T> = Partial<T> & { errors: FieldError[] };

/**
 * Runs a mutation's service call. A DomainError becomes `{ errors }`; success gets `errors: []`.
 * Anything else propagates and is masked with a request id.
 */
export async function runMutation<T extends object>(work: () => Promise<T>): Promise<WithErrors<T>> {
  try {
    return { ...(await work()), errors: [] };
  } catch (error) {
    if (error instanceof DomainError) return { errors: error.errors } as WithErrors<T>;
    throw error;
  }
}
