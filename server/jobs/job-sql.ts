// How pg-boss reaches our database: through a Drizzle database or transaction (enqueueing in a
// service's transaction), or the handle's own connection (the runner and installing the schema).
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, DatabaseHandle } from '../db/client';

/** The PostgreSQL schema that holds pg-boss's tables. */
export const JOB_SCHEMA = 'pgboss';

/** pg-boss's `$1`-style SQL run through Drizzle, so that it joins the caller's transaction. */
export function drizzleExecutor(db: Database): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const chunks: SQL[] = [];
      // Odd entries of the split are parameter numbers.
      text.split(/\$(\d+)/).forEach((part, i) => {
        chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`);
      });
      const result = (await db.execute(sql.join(chunks))) as unknown as { rows: Record<string, unknown>[] };
      return { rows: result.rows };
    },
  };
}

export function handleExecutor(handle: Pick<DatabaseHandle, 'executeSql'>): PgBoss.Db {
  return { executeSql: (text: string, values?: unknown[]) => handle.executeSql(text, values) };
}

/**
 * Creates or upgrades pg-boss's schema (pg-boss's own versioned migrations, under its advisory
 * lock: replicas starting together are safe). Called after the Drizzle migrations.
 */
export async function installJobSchema(handle: Pick<DatabaseHandle, 'executeSql'>): Promise<void> {
  const boss = new PgBoss({ db: handleExecutor(handle), schema: JOB_SCHEMA, migrate: true, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}
