import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { date, integer, interval, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzleParsersOnInstance } from './pglite-parsers';

const moments = pgTable('moments', {
  id: integer().primaryKey(),
  at: timestamp({ withTimezone: true }).notNull(),
  atText: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
  local: timestamp().notNull(),
  day: date().notNull(),
  dayAsDate: date({ mode: 'date' }).notNull(),
  span: interval().notNull(),
  amounts: numeric().array().notNull(),
});

const CREATE = `
  CREATE TABLE moments (id int PRIMARY KEY, at timestamptz NOT NULL, at_text timestamptz NOT NULL, local timestamp NOT NULL,
    day date NOT NULL, day_as_date date NOT NULL, span interval NOT NULL, amounts numeric[] NOT NULL);
  INSERT INTO moments VALUES (1, '2026-11-28 03:04:05.678+08', '2026-11-28 03:04:05.678+08', '2026-11-28 03:04:05',
    '2026-11-28', '2026-11-28', '1 day 02:00:00', '{1.50,2.25}');
`;

describe('Drizzle over PGlite with its parsers on the instance', () => {
  let plain: PGlite;
  let lifted: PGlite;
  const sent: (QueryOptions | undefined)[] = [];
  let ownParsers: ReturnType<typeof drizzleParsersOnInstance>['ownParsers'];
  let forDrizzle: PGlite;

  beforeAll(async () => {
    [plain, lifted] = await Promise.all([PGlite.create(), PGlite.create()]);
    await Promise.all([plain.exec(CREATE), lifted.exec(CREATE)]);
    // What reaches PGlite from Drizzle, seen below the lifting handle: the instance's queries
    // and its transactions'.
    const recording = (query: PGlite['query']) =>
      ((text: string, params?: unknown[], options?: QueryOptions) => {
        sent.push(options);
        return query(text, params, options);
      }) as PGlite['query'];
    lifted.query = recording(lifted.query.bind(lifted));
    const transaction = lifted.transaction.bind(lifted);
    lifted.transaction = ((work: (tx: Transaction) => Promise<unknown>) =>
      transaction((tx) => {
        tx.query = recording(tx.query.bind(tx));
        return work(tx);
      })) as PGlite['transaction'];
    ({ forDrizzle, ownParsers } = drizzleParsersOnInstance(lifted));
    // Two real PGlite instances start here (WebAssembly and an initdb each): ~3 s on an idle
    // machine, past the unit project's 10 s hook timeout when both cores are busy (a full
    // `npm test` run, reproduced with three busy loops). A timeout catches a hang, as the
    // integration projects' 90 s do (vitest.config.ts).
  }, 90_000);
  afterAll(async () => {
    await Promise.all([plain?.close(), lifted?.close()]);
  });

  it('reads every kind of date, interval and numeric array as Drizzle does on a plain instance', async () => {
    const before = drizzle(plain, { casing: 'snake_case' });
    const after = drizzle(forDrizzle, { casing: 'snake_case' });
    const builder = await after.select().from(moments);
    expect(builder).toEqual(await before.select().from(moments));
    expect(builder[0]!.at).toBeInstanceOf(Date);
    expect(builder[0]!.atText).toBe('2026-11-27 19:04:05.678+00');
    const raw = sql`select at, local, day, span, amounts, at::text as at_text from moments`;
    expect((await after.execute(raw)).rows).toEqual((await before.execute(raw)).rows);
  });

  it("sends Drizzle's queries without their parsers, in a transaction too", async () => {
    sent.length = 0;
    const after = drizzle(forDrizzle, { casing: 'snake_case' });
    await after.select().from(moments);
    await after.transaction(async (tx) => {
      await tx.select().from(moments);
      await tx.execute(sql`select 1`);
    });
    // Drizzle sends a row mode with each; none of them came with parsers.
    const drizzles = sent.filter((options) => options?.rowMode !== undefined);
    expect(drizzles).toHaveLength(3);
    for (const options of drizzles) expect(options).not.toHaveProperty('parsers');
  });

  it('passes other parsers through, and reads dates with its own parsers outside Drizzle', async () => {
    sent.length = 0;
    const upper = { 25: (value: string) => value.toUpperCase() };
    const { rows } = await forDrizzle.query<{ word: string }>(`select 'abc'::text as word`, [], { parsers: upper });
    expect(rows[0]!.word).toBe('ABC');
    expect(sent[0]?.parsers).toBe(upper);
    const own = await lifted.query<{ at: unknown }>('select at from moments where id = $1', [1], { parsers: ownParsers });
    expect(own.rows[0]!.at).toEqual((await plain.query<{ at: unknown }>('select at from moments')).rows[0]!.at);
    expect(own.rows[0]!.at).toBeInstanceOf(Date);
  });
});
