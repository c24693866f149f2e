// One operation of the OpenAPI document: the documentation half of an API route's declaration (server/api/route.ts),
// what document.ts turns into the document. Server-only.
import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** none: anyone; user: the marketplace session (cookie sid); brand: the brand portal session (the same cookie). */
export type Security = 'none' | 'optional' | 'user' | 'admin' | 'brand';

export interface Operation {
  method: HttpMethod;
  /** The full path in OpenAPI form (`{id}`), starting /api/v1 or /brand/api/v1. */
  path: string;
  summary: string;
  tags: string[];
  security: Security;
  /** The object schema the service parses the query string with (each property one query parameter). */
  query?: z.ZodType;
  /** The schema the service parses the JSON body with. */
  body?: z.ZodType;
  /** multipart/form-data (the upload): the body schema names the form fields besides the file. */
  multipart?: boolean;
  /** The success status (200 unless stated). */
  status?: 200 | 201 | 202 | 204;
  /**
   * The zod schema of the success body (what the service returns, in the module's *.schemas.ts). Required for every
   * status but 204: the contract test fails, naming the route, when a response has no documented schema.
   */
  response?: z.ZodType;
  /** A second success answer (POST /reservations: 202 when the card needs authentication). */
  alternative?: { status: 200 | 201 | 202; description: string; response: z.ZodType };
  /** Statuses this operation answers besides the defaults derived from security, parameters and body. */
  errors?: number[];
  /** What an error status means for this operation when it says more than the shared description (its example message). */
  errorNotes?: Partial<Record<number, { description: string; message: string }>>;
  /** Mounted before the same-origin check (the Stripe webhook, called by Stripe's servers): no 403 for another site. */
  beforeOriginCheck?: true;
  /** The success answer is also a CSV file (`Accept: text/csv`), besides the JSON of `response`. */
  csv?: boolean;
  /** The success answer is a file of this media type instead of JSON (a PDF, the bank transfer file); no `response` schema. */
  file?: { type: string; description: string };
  /** An example of the success answer (a real answer on the demo data); the contract test validates it. */
  example?: unknown;
}

export const V1 = '/api/v1';
export const BRAND = '/brand/api/v1';
