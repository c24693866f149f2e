// Leaving (退会) and the copy of one's data, on the account page's API (/api/v1/account/…), and the administrator's
// version (/api/v1/admin/users/{id}/leave). Services check who may; routes pass the input along.
import type { Router, Request } from 'express';
import type { Services } from '#src/root';
import { ValidationError } from '#src/lib/isomorphic/errors';
import { requireUser } from '#server/middleware/context';
import { endDoorSession } from '#server/session-doors';
import { limitedSignIn } from './sessions.routes';

/** A wrong password counts as a failed sign-in attempt of the account. */
const wrongPassword = (error: unknown) => error instanceof ValidationError && Boolean(error.details?.password);

/** Path parameters win over body fields of the same name. */
const input = (req: Request) => ({ ...(req.body && typeof req.body === 'object' ? req.body : {}), ...req.params });

export function leavingRoutes(router: Router, services: Services): void {
  router.get('/account/leave', async (req, res) => {
    res.json(await services.leaving.preview(req.ctx, {}));
  });

  /** Limited like the password change (the current password is asked); after leaving, this session ends too. */
  router.post('/account/leave', requireUser, async (req, res) => {
    const answer = await limitedSignIn(req, 'leave', () => services.leaving.leave(req.ctx, req.body), {
      subject: `user:${req.actor?.id}`,
      isFailure: wrongPassword,
    });
    await endDoorSession(req, res, 'userId');
    res.json(answer);
  });

  router.get('/account/data-exports', async (req, res) => {
    res.json(await services.dataExports.latest(req.ctx, {}));
  });

  router.post('/account/data-exports', async (req, res) => {
    res.status(202).json(await services.dataExports.request(req.ctx, {}));
  });

  router.get('/account/data-exports/:token/data.json', async (req, res) => {
    const file = await services.dataExports.download(req.ctx, { token: req.params.token, file: 'json' });
    res.type(file.type).attachment(file.filename).send(file.body);
  });

  router.get('/account/data-exports/:token/reservations.csv', async (req, res) => {
    const file = await services.dataExports.download(req.ctx, { token: req.params.token, file: 'csv' });
    res.type(file.type).attachment(file.filename).send(file.body);
  });

  router.get('/admin/users/:id/leave', async (req, res) => {
    res.json(await services.leaving.adminPreview(req.ctx, req.params));
  });

  router.post('/admin/users/:id/leave', async (req, res) => {
    res.json(await services.leaving.adminLeave(req.ctx, input(req)));
  });
}
