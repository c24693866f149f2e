// GET /api/v1/openapi.json: the OpenAPI 3.1 document of the API (generated once per process).
import { Router } from 'express';
import { openApiDocument } from '#src/openapi/document';

export function openapiRoutes(): Router {
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument());
  });
  return router;
}
