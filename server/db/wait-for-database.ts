// At start, PostgreSQL may still be coming up (a container started alongside, a failover):
// wait for it with backoff, saying in one line what is wrong, instead of crashing with a stack
// whose cause sits a dozen lines down.
import pRetry from 'p-retry';
import type { DatabaseHandle } from './client';

export class DatabaseUnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUnreachableError';
  }
}

/** The URL without its password, fit for a log line. */
export function redactedDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'an unreadable URL';
  }
}

/**
 * The cause of a connection failure in a few words: node's "connect ECONNREFUSED 127.0.0.1:5432"
 * (the first of an AggregateError's attempts), PostgreSQL's own message, or pg's timeout.
 */
export function databaseFailureCause(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return databaseFailureCause(error.errors[0]);
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message = error.message.replace(/\s+/g, ' ').trim();
    if (message) return code && !message.includes(code) ? `${message} (${code})` : message;
    if (code) return code;
  }
  return String(error);
}

export type WaitOptions = {
  url: string;
  /** Gives up after about this long. */
  waitSeconds: number;
  onRetry: (line: string) => void;
};

/** Resolves once the database answers; else rejects with a one-line DatabaseUnreachableError. */
export async function waitForDatabase(database: Pick<DatabaseHandle, 'ping'>, options: WaitOptions): Promise<void> {
  const where = `DATABASE_URL (${redactedDatabaseUrl(options.url)})`;
  const started = Date.now();
  try {
    await pRetry(() => database.ping(), {
      retries: 1000,
      factor: 2,
      minTimeout: 500,
      maxTimeout: 8_000,
      maxRetryTime: options.waitSeconds * 1000,
      onFailedAttempt: ({ error, attemptNumber }) => {
        const elapsed = Math.round((Date.now() - started) / 1000);
        options.onRetry(`The database at ${where} is not answering: ${databaseFailureCause(error)}. Retrying (attempt ${attemptNumber}, ${elapsed} s).`);
      },
    });
  } catch (error) {
    throw new DatabaseUnreachableError(
      `Could not reach the database at ${where} within ${options.waitSeconds} s: ${databaseFailureCause(error)}.`,
    );
  }
}
