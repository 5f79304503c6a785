// Prints the GraphQL contract to schema.graphql (a test fails when it is stale).
import { writeFileSync } from 'node:fs';
import { printContract } from '../server/graphql/schema';

writeFileSync(new URL('../schema.graphql', import.meta.url), printContract());
console.log('schema.graphql written');
