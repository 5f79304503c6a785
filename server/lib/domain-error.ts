import type { FieldError } from '../../common/errors';

/**
 * An expected failure a service reports to its caller, in the rulebook's {field, message} shape.
 * Mutations turn it into their `errors` list; anything else thrown is unexpected and masked.
 */
export class DomainError extends Error {
  readonly errors: FieldError[];

  constructor(errors: FieldError[] | string, field: string | null = null) {
    const list = typeof errors === 'string' ? [{ field, message: errors }] : errors;
    super(list[0]?.message ?? 'Error');
    this.name = 'DomainError';
    this.errors = list;
  }
}
