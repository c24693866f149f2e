// Writes the OpenAPI document to a file (npm run lint:openapi hands it to the linter): node --import tsx this-file <out>.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument } from '#src/openapi/document';
import { apiOperations } from './api-routes';

const out = process.argv[2];
if (!out) throw new Error('usage: write-openapi.ts <out.json>');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(buildOpenApiDocument(apiOperations()), null, 2)}\n`);
