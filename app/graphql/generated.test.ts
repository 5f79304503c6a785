// generated.ts is committed so that typecheck and the editor see it without a build step; this
// regenerates it in memory and fails when a document or schema.graphql changed without
// `npm run codegen` (ADR 026).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILE, extractDocuments, generateOperationTypes } from '../../scripts/codegen';
import { withoutRepeatedFragments } from '../../common/graphql-operation';

describe('generated operation types', () => {
  it('app/graphql/generated.ts is up to date (run `npm run codegen`)', async () => {
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(await generateOperationTypes());
  }, 30_000);

  it('reads marked documents without their fragment interpolations', () => {
    const source = 'const Q = operation(/* GraphQL */ `query Q { a { ...F } }\n  ${F}\n`);';
    expect(extractDocuments(source)).toEqual(['query Q { a { ...F } }\n  \n']);
  });

  it('keeps the first copy of a fragment appended twice', () => {
    const source = 'query Q { a { ...A ...B } } fragment B on T { x } fragment A on T { ...B } fragment B on T { x }\n';
    expect(withoutRepeatedFragments(source)).toBe('query Q { a { ...A ...B } } fragment B on T { x } fragment A on T { ...B }\n');
  });
});
