// A table's row read back from JSON (json_agg / row_to_json in a statement that reads several
// tables at once): the same object Drizzle's select() returns, column by column through each
// column's own driver mapping (a timestamp's ISO text becomes its Date).
import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';

type Mapping = readonly (readonly [key: string, name: string, map: (value: unknown) => unknown])[];
const mappings = new WeakMap<Table, Mapping>();

function mappingOf(table: Table): Mapping {
  let mapping = mappings.get(table);
  if (!mapping) {
    // The schema is written with the database's snake_case casing (server/db/client.ts):
    // a column without its own name is its key in snake_case.
    mapping = Object.entries(getTableColumns(table)).map(
      ([key, column]) => [key, column.keyAsName ? toSnakeCase(column.name) : column.name, (value: unknown) => column.mapFromDriverValue(value)] as const,
    );
    mappings.set(table, mapping);
  }
  return mapping;
}

/** One row of `table` from `row_to_json(alias)` of that table. */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, name, map] of mappingOf(table)) {
    const value = json[name];
    row[key] = value === null || value === undefined ? null : map(value);
  }
  return row as InferSelectModel<T>;
}

/** The rows of the result's first row's column: what `execute` answered, on either driver. */
export function firstRowOf(result: unknown): Record<string, unknown> | undefined {
  return (result as { rows: Record<string, unknown>[] }).rows[0];
}
