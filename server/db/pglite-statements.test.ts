import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { drizzleParsersOnInstance } from './pglite-parsers';
import { MAX_NAMED_STATEMENT_CHARS, statementCache } from './pglite-statements';

const items = pgTable('items', {
  id: integer().primaryKey(),
  name: text().notNull(),
  price: numeric().notNull(),
  details: jsonb(),
  addedAt: timestamp({ withTimezone: true }).notNull(),
});

const CREATE = `
  CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL, price numeric NOT NULL, details jsonb, added_at timestamptz NOT NULL);
  INSERT INTO items VALUES (1, 'Galaxy S25', 54990.00, '{"colours":["Navy","Mint"]}', '2026-11-28 03:04:05+08'),
    (2, 'iPhone 16', 45592.50, NULL, '2026-11-29 10:00:00+08');
`;

async function namedNow(client: PGlite): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>('select name from pg_prepared_statements order by name');
  return rows.map((row) => row.name);
}

describe('the embedded database statement cache', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec(CREATE);
  });
  afterAll(async () => {
    await client?.close();
  });

  it('answers as query() does, the first time unnamed and from the second run on by its name', async () => {
    const cache = statementCache(client, 10);
    const text = 'select id, name, price, details, added_at from items where id = any($1) and details is distinct from $2 order by id';
    const params = [[1, 2], { colours: [] }];
    const expected = await client.query(text, params);
    const arrays = await client.query(text, params, { rowMode: 'array' });
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await cache.query(text, params, undefined));
    for (const run of runs) expect({ rows: run.rows, fields: run.fields }).toEqual({ rows: expected.rows, fields: expected.fields });
    expect((await cache.query(text, params, { rowMode: 'array' })).rows).toEqual(arrays.rows);
    expect(expected.rows[0]).toMatchObject({ id: 1, name: 'Galaxy S25', details: { colours: ['Navy', 'Mint'] } });
    expect(cache.size).toBe(1);
    expect(await namedNow(client)).toEqual([expect.stringMatching(/^suki_pglite_\d+$/)]);
  });

  it('keeps at most its limit, closing the least recently used, and never names a statement run once', async () => {
    await client.exec('deallocate all');
    const cache = statementCache(client, 2);
    await cache.query('select 1 as once', [], undefined);
    for (const n of [1, 2, 3]) {
      for (let i = 0; i < 2; i++) expect((await cache.query(`select $1::int + ${n} as n`, [10], undefined)).rows).toEqual([{ n: 10 + n }]);
    }
    expect(cache.size).toBe(2);
    // The evicted statement's Close goes with the next exchange.
    await cache.query('select $1::int + 3 as n', [1], undefined);
    expect((await namedNow(client)).length).toBe(2);
  });

  it('leaves a statement longer than 16 KB unnamed (a bulk insert is a one-off)', async () => {
    const cache = statementCache(client, 10);
    const long = `select $1::int as n -- ${'x'.repeat(MAX_NAMED_STATEMENT_CHARS)}`;
    for (let i = 0; i < 3; i++) expect((await cache.query(long, [i], undefined)).rows).toEqual([{ n: i }]);
    expect(cache.size).toBe(0);
  });

  it('runs inside a transaction on its rows, while a statement outside waits for the transaction to end', async () => {
    const cache = statementCache(client, 10);
    const count = 'select count(*)::int as n from items where name = $1';
    await cache.query(count, ['Redmi 14C'], undefined);
    let outside: Promise<unknown> | undefined;
    const seenInside = await client
      .transaction(async (tx) => {
        await tx.query(`insert into items values (9, 'Redmi 14C', 6999, null, now())`);
        outside = cache.query<{ n: number }>(count, ['Redmi 14C'], undefined).then((r) => r.rows[0]?.n);
        const inside = (await cache.query<{ n: number }>(count, ['Redmi 14C'], undefined, tx)).rows[0]?.n;
        await tx.rollback();
        return inside;
      })
      .catch((error: unknown) => error);
    expect(seenInside).toBe(1);
    expect(await outside).toBe(0);
  });

  it('gives the database error with its code, and the next statement runs', async () => {
    const cache = statementCache(client, 10);
    const insert = 'insert into items (id, name, price, added_at) values ($1, $2, $3, now())';
    await cache.query(insert, [20, 'Case', 199], undefined);
    await cache.query(insert, [21, 'Charger', 499], undefined);
    await expect(cache.query(insert, [21, 'Charger again', 499], undefined)).rejects.toMatchObject({ code: '23505', query: insert });
    await expect(cache.query(insert, [22, 'Cable', 'not a price'], undefined)).rejects.toMatchObject({ code: '22P02' });
    expect((await cache.query(insert, [22, 'Cable', 149], undefined)).affectedRows).toBe(1);
  });

  it('runs a statement again unnamed after its table changed shape or every name was dropped', async () => {
    const cache = statementCache(client, 10);
    await client.exec('create table shapes (a int); insert into shapes values (7)');
    const select = 'select * from shapes where a is not null or $1::boolean';
    for (let i = 0; i < 2; i++) await cache.query(select, [true], undefined);
    await client.exec('alter table shapes add column b text default $$x$$');
    expect((await cache.query(select, [true], undefined)).rows).toEqual([{ a: 7, b: 'x' }]);
    await cache.query(select, [true], undefined);
    await client.exec('deallocate all');
    expect((await cache.query(select, [true], undefined)).rows).toEqual([{ a: 7, b: 'x' }]);
    expect((await cache.query(select, [true], undefined)).rows).toEqual([{ a: 7, b: 'x' }]);
  });

  it('serves Drizzle as before: its dates, numbers and JSON, on the database and in its transactions', async () => {
    const other = await PGlite.create();
    await other.exec(CREATE);
    const { forDrizzle, statements } = drizzleParsersOnInstance(other, 10);
    const db = drizzle(forDrizzle, { casing: 'snake_case' });
    const read = () => db.select().from(items).where(eq(items.id, 1));
    const first = await read();
    for (let i = 0; i < 2; i++) expect(await read()).toEqual(first);
    expect(first[0]).toEqual({ id: 1, name: 'Galaxy S25', price: '54990.00', details: { colours: ['Navy', 'Mint'] }, addedAt: new Date('2026-11-27T19:04:05.000Z') });
    const inTransaction = await db.transaction(async (tx) => {
      await tx.select().from(items).where(eq(items.id, 1));
      return tx.select().from(items).where(eq(items.id, 1));
    });
    expect(inTransaction).toEqual(first);
    expect(statements?.size).toBe(1);
    await other.close();
  });

  it("is the opened embedded database's: Drizzle's repeated statement is named, and none with 0", async () => {
    const names = async (preparedStatements?: number) => {
      const opened = await openDatabase(preparedStatements === undefined ? { inMemory: true } : { inMemory: true, preparedStatements });
      try {
        for (let i = 0; i < 3; i++) await opened.db.execute(sql`select ${i}::int + 1 as n`);
        const { rows } = await opened.executeSql("select count(*)::int as n from pg_prepared_statements where name like 'suki_pglite_%'");
        return rows[0]?.n;
      } finally {
        await opened.close();
      }
    };
    expect(await names()).toBe(1);
    expect(await names(0)).toBe(0);
  });
});
