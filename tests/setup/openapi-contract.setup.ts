// Every supertest response of an API test is checked against the OpenAPI document (tests/api/openapi-contract.ts):
// supertest's promise is wrapped once here, so a test needs nothing to be covered. With OPENAPI_RECORD=<file>, the
// responses are appended to that file as JSON lines instead (to see what the services really answer).
import { appendFileSync } from 'node:fs';
import request from 'supertest';
import type { Response } from 'supertest';
import { contractViolation, documentedPath, isUnchecked } from '#tests/api/openapi-contract';

type Then = (resolve?: (res: Response) => unknown, reject?: (error: unknown) => unknown) => Promise<unknown>;
const proto = request.Test.prototype as unknown as { then: Then; __openapiChecked?: boolean };
const record = process.env.OPENAPI_RECORD;

if (!proto.__openapiChecked) {
  proto.__openapiChecked = true;
  const then = proto.then;
  // biome-ignore lint/suspicious/noThenProperty: wrapping supertest's own promise is the point of this file.
  proto.then = function (this: object, resolve, reject) {
    return then.call(
      this,
      (res: Response) => {
        if (!isUnchecked(this)) {
          if (record) {
            const req = (res as unknown as { req: { method: string; path: string } }).req;
            const path = req.path.split('?')[0];
            appendFileSync(
              record,
              `${JSON.stringify({ method: req.method, path, template: documentedPath(req.method.toLowerCase(), path), status: res.status, type: res.headers['content-type'], body: res.body, violation: contractViolation(res) })}\n`,
            );
          } else {
            const violation = contractViolation(res);
            // Rejects the test's await (a throw here would reach no one: the caller's promise would never settle).
            if (violation) {
              const error = new Error(`OpenAPI contract: ${violation}`);
              return reject ? reject(error) : Promise.reject(error);
            }
          }
        }
        return resolve ? resolve(res) : res;
      },
      reject,
    );
  };
}
