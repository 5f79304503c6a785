import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { capturedLogger } from '../testing/captured-logger';
import { loggablePath } from './logger';

describe('logger', () => {
  it('logs a failed query without its parameters or the row PostgreSQL repeats', async () => {
    const { log, text } = capturedLogger();
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_idx"'), {
      code: '23505',
      detail: 'Key (email)=(ana@example.com) already exists.',
    });
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['ana@example.com', 'scrypt$16384$8$1$c2FsdA$aGFzaA'],
      cause,
    );
    log.error({ err: error }, 'unexpected error in resolver');
    const logged = text();
    expect(logged).toContain('Failed query: insert into \\"users\\"');
    expect(logged).toContain('users_email_idx');
    expect(logged).not.toContain('ana@example.com');
    expect(logged).not.toContain('scrypt$');
  });

  it('redacts passwords, tokens and cookies wherever a log call passes them', () => {
    const { log, text } = capturedLogger();
    log.info({ password: 'hunter22', input: { newPassword: 'n3wpass!', token: 'eyJhbGciOi.secret' }, req: { headers: { cookie: 'token=abc' } } }, 'x');
    const logged = text();
    for (const secret of ['hunter22', 'n3wpass!', 'eyJhbGciOi.secret', 'token=abc']) expect(logged).not.toContain(secret);
    expect(logged).toContain('[redacted]');
  });

  it('keeps a path and its harmless query, and hides secret query values', () => {
    expect(loggablePath('/shop?query=samsung&minPrice=100')).toBe('/shop?query=samsung&minPrice=100');
    expect(loggablePath('/reset?token=abc123&uid=42')).toBe('/reset?token=[redacted]&uid=[redacted]');
    expect(loggablePath('/verify?confirmation_key=k1&redirect=checkout')).toBe(
      '/verify?confirmation_key=[redacted]&redirect=checkout',
    );
    expect(loggablePath('/?signup_token=ABCDEFGHJ')).toBe('/?signup_token=[redacted]');
  });
});
