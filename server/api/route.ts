// One API route, declared once: the OpenAPI operation (summary, tags, security, schemas, errors, example) and what
// answers it (its middleware and handler). Each server/api/v1/<area>.routes.ts (and the brand portal's) exports its
// list; server/api/api-routes.ts mounts the lists on the routers in order and builds the OpenAPI document from the
// same lists, so a route cannot be registered without being documented or documented without being registered.
import type { Request, RequestHandler, Response, Router } from 'express';
import type { Services } from '#src/root';
import type { Operation } from '#src/openapi/operation';
import type { FileAnswer } from '#src/lib/file-answer';
import type { JsonText } from '#src/lib/json-text';

/** What the app hands a route's handler besides the services (the Stripe webhook tells the metrics). */
export interface RouteHooks {
  webhookHandled?: (outcome: string, createdSeconds: number | null) => void;
}

/** The `:name` parameters of an Express path, each a string (`/reservations/:id/confirm` → `{ id: string }`). */
type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<string, never>;

type Answering<Params = Request['params']> =
  | {
      /** The JSON answer, sent with the declared `status` (200 unless stated; 204 sends no body). */
      answer(req: Request<Params>, services: Services, res: Response): Promise<unknown>;
      handler?: never;
      download?: never;
    }
  | {
      /**
       * A file to save: sent whole as an attachment under its name, with its type (compressed like any answer when
       * the type gains from it; a PDF is sent as it is).
       */
      download(req: Request<Params>, services: Services): Promise<FileAnswer>;
      answer?: never;
      handler?: never;
    }
  | {
      /** A handler of its own, when neither can say it (a status chosen by the result, a cache, a webhook). */
      handler(services: Services, hooks: RouteHooks): RequestHandler<Params>;
      answer?: never;
      download?: never;
    };

/** A route's documentation besides what `route` takes first, and the middleware it runs before answering. */
type Described = Omit<Operation, 'method' | 'path' | 'summary' | 'tags' | 'security'> & {
  /** Middleware run first, in order (a guard that answers 401 before the body is read, the upload's steps). */
  before?: RequestHandler[];
};

export type ApiRoute = Pick<Operation, 'method' | 'summary' | 'tags' | 'security'> & {
  /** The Express path under its door's router (`/experiences/:id`); the document writes `{base}/experiences/{id}`. */
  path: string;
} & Described &
  Answering;

/**
 * Declares one route: method, Express path, summary, tags, security, then the rest (schemas, errors, the answer). The
 * path's parameters type the handler's `req.params`, so the services' typed inputs check what a route passes.
 */
export function route<P extends string>(
  method: Operation['method'],
  path: P,
  summary: string,
  tags: string[],
  security: Operation['security'],
  rest: Described & Answering<PathParams<P>>,
): ApiRoute {
  // The list holds routes of every path: each keeps its own parameters' type only where it is declared.
  return { method, path, summary, tags, security, ...rest } as ApiRoute;
}

/** Sends a file to save: an attachment under its name, with its own type, through the one `send` (server/compress.ts). */
export function sendFile(res: Response, file: FileAnswer): void {
  // attachment() first: it sets a type from the file's extension, which the file's own type (with its parameters)
  // then replaces.
  res.attachment(file.filename).set('Content-Type', file.type).send(file.body);
}

/** Sends JSON already written as text (a service's JsonText answer), with the type `res.json` sends. */
export function sendJsonText(res: Response, text: JsonText<unknown>): void {
  res.set('Content-Type', 'application/json; charset=utf-8').send(text);
}

/** Registers each route on the router, in the list's order (Express tries them in that order). */
export function mountRoutes(router: Router, routes: ApiRoute[], services: Services, hooks: RouteHooks = {}): void {
  for (const declared of routes) {
    const { answer, download, status = 200 } = declared;
    const handler: RequestHandler = answer
      ? async (req, res) => {
          const body = await answer(req, services, res);
          if (status === 204) res.status(204).end();
          else res.status(status).json(body);
        }
      : download
        ? async (req, res) => {
            sendFile(res, await download(req, services));
          }
        : declared.handler(services, hooks);
    router[declared.method](declared.path, ...(declared.before ?? []), handler);
  }
}

/** The routes as the document's operations: the door's base before each path, `:name` written `{name}`. */
export const operationsOf = (base: string, routes: ApiRoute[]): Operation[] =>
  routes.map(({ path, before: _before, answer: _answer, download: _download, handler: _handler, ...operation }) => ({
    ...operation,
    path: `${base}${path.replace(/:(\w+)/g, '{$1}')}`,
  }));
