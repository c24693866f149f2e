import { Router, type Request } from 'express';
import type { Services } from '#src/root';
import type { UserActor } from '#src/lib/context';
import { hit, reset } from '#src/lib/rate-limit';

/**
 * Regenerates the session id at sign-in (session fixation), then stores the user. A brand portal session in the
 * same browser stays as it was (the two accounts never sign each other in or out).
 */
export function signIn(req: Request, actor: UserActor): Promise<void> {
  const brandMemberId = req.session.brandMemberId;
  return new Promise((resolve, reject) => {
    req.session.regenerate((err) => {
      if (err) return reject(err);
      req.session.userId = actor.id;
      if (brandMemberId) req.session.brandMemberId = brandMemberId;
      req.session.save((saveErr) => (saveErr ? reject(saveErr) : resolve()));
    });
  });
}

/** The sign-in limits per IP and per e-mail; the brand portal's sign-in uses them with its own `scope`. */
export function signInLimits(req: Request, scope = 'signin') {
  const email = typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase().slice(0, 255) : '';
  return [
    { key: `${scope}:ip:${req.ip}`, max: 30, windowSeconds: 600 },
    { key: `${scope}:email:${email}`, max: 10, windowSeconds: 600 },
  ];
}

export function sessionsRoutes(services: Services): Router {
  const router = Router();

  router.post('/sessions', async (req, res) => {
    const limits = signInLimits(req);
    await hit(req.ctx.em, limits);
    const actor = await services.users.authenticate(req.ctx, req.body);
    await reset(req.ctx.em, [limits[1].key]);
    await signIn(req, actor);
    req.ctx.actor = actor;
    res.status(201).json(await services.users.me(req.ctx));
  });

  router.delete('/sessions', async (req, res) => {
    await new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
    res.clearCookie('sid');
    res.status(204).end();
  });

  router.post('/users', async (req, res) => {
    await hit(req.ctx.em, [{ key: `signup:ip:${req.ip}`, max: 20, windowSeconds: 3600 }]);
    const actor = await services.users.signUp(req.ctx, req.body);
    await signIn(req, actor);
    req.ctx.actor = actor;
    res.status(201).json(await services.users.me(req.ctx));
  });

  router.get('/me', async (req, res) => {
    res.json(await services.users.me(req.ctx));
  });

  return router;
}
