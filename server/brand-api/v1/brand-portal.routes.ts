// The brand portal's calls (/brand/api/v1, admin-and-brand-portal.md §7 "Brand portal"). Thin: every
// service method states its own rule (requireBrandMember and the brand scope); routes pass the input along.
// The context middleware gives these paths only the portal session's actor (never a marketplace user).
import { Router, type Request } from 'express';
import type { Services } from '#src/root';
import { requireBrandMember } from '#src/lib/context';
import { hit } from '#src/lib/rate-limit';
import { limitedResetRequest, limitedSignIn } from '#server/api/v1/sessions.routes';
import { uploadRoute } from '#server/api/v1/uploads.routes';
import { accountSecurityRoutes, wrongCurrentPassword } from '#server/api/v1/account.routes';
import { endAccountSessions } from '#src/modules/accounts/account-sessions';
import { startSession, endDoorSession } from '#server/session-doors';

/** Query, then body, then the path's ids last (a body can never replace them). */
const input = (req: Request) => ({ ...req.query, ...(req.body && typeof req.body === 'object' ? req.body : {}), ...req.params });

export function brandPortalRoutes(services: Services): Router {
  const router = Router();
  const { brandMembers, communities, ambassadors, brandPortal } = services;

  // ---- Accounts ---------------------------------------------------------------------------------------------------

  router.post('/brand-members/sign-in', async (req, res) => {
    const actor = await limitedSignIn(req, 'brand-signin', () => brandMembers.authenticate(req.ctx, req.body));
    await startSession(req, { brandMemberId: actor.id });
    req.ctx.actor = actor;
    res.status(201).json(await brandMembers.me(req.ctx, {}));
  });

  /** Signs out of the portal only: a marketplace session of the same browser stays (server/session-doors.ts). */
  router.delete('/brand-members/sign-out', async (req, res) => {
    await endDoorSession(req, res, 'brandMemberId');
    res.status(204).end();
  });

  router.get('/brand-members/me', async (req, res) => {
    res.json(await brandMembers.me(req.ctx, {}));
  });

  /** The invitation link's check (the /brand/invitation page): {email, invitation_token} in the query. */
  router.get('/brand-members/invitation', async (req, res) => {
    res.json(await brandMembers.checkInvitation(req.ctx, req.query));
  });

  /** Accept an invitation: the first password. */
  router.put('/brand-members/invitation', async (req, res) => {
    await hit(req.ctx.em, [{ key: `brand-invitation:ip:${req.ip}`, max: 30, windowSeconds: 600 }]);
    res.json(await brandMembers.acceptInvitation(req.ctx, req.body));
  });

  /** Invite a member to the signed-in member's brand (the admin's invitation, same mail and token). */
  router.post('/brand-members/invitation', async (req, res) => {
    res.status(201).json(await brandMembers.inviteToOwnBrand(req.ctx, req.body));
  });

  /** Ask for a reset mail: always the same 202 for a well-formed address. */
  router.post('/brand-members/password', async (req, res) => {
    await limitedResetRequest(req, services, 'brand');
    res.status(202).json({ sent: true });
  });

  /** A new password with the mailed token; every portal session of that member ends (other devices too). */
  router.put('/brand-members/password', async (req, res) => {
    await hit(req.ctx.em, [{ key: `brand-reset-token:ip:${req.ip}`, max: 30, windowSeconds: 600 }]);
    const member = await brandMembers.resetPassword(req.ctx, req.body);
    await endAccountSessions(req.ctx.em, { door: 'brandMemberId', id: member.id });
    res.json({ reset: true });
  });

  /** The member's address and the change waiting for its confirmation link (the same mechanism as /account). */
  router.get('/brand-members/email', async (req, res) => {
    res.json(await services.emailChanges.status(req.ctx, {}));
  });

  router.delete('/brand-members/email', async (req, res) => {
    res.json(await services.emailChanges.cancelPending(req.ctx, {}));
  });

  /** A change of address, limited like the portal's sign-in with the member as the subject. */
  router.post('/brand-members/email', async (req, res) => {
    const member = requireBrandMember(req.ctx);
    const answer = await limitedSignIn(req, 'brand-email-change', () => services.emailChanges.request(req.ctx, req.body), {
      subject: `brand-member:${member.id}`,
      isFailure: wrongCurrentPassword,
    });
    res.status(202).json(answer);
  });

  /**
   * The member's own /brand/account: password change (limited like the portal's sign-in, per member) and the places
   * the member is signed in to the portal, with "sign out everywhere else" (the marketplace's routes and rules).
   */
  accountSecurityRoutes(router, services.brandAccount, {
    scope: 'brand-password-change',
    subject: (ctx) => `brand-member:${requireBrandMember(ctx).id}`,
  });

  router.get('/brand-members', async (req, res) => {
    res.json(await brandMembers.listOwnBrand(req.ctx, {}));
  });

  router.delete('/brand-members/:id', async (req, res) => {
    await brandMembers.removeFromOwnBrand(req.ctx, req.params);
    res.status(204).end();
  });

  // ---- Photos (the marketplace's upload route behind the portal's door: same checks, store and answer) ----------

  router.post(
    '/uploads',
    uploadRoute(services, (req) => `brand-member:${requireBrandMember(req.ctx).id}`),
  );

  // ---- Communities --------------------------------------------------------------------------------------------------

  router.get('/communities', async (req, res) => {
    res.json(await communities.portalList(req.ctx, req.query));
  });

  router.post('/communities', async (req, res) => {
    res.status(201).json(await communities.portalCreate(req.ctx, req.body));
  });

  router.get('/communities/:id', async (req, res) => {
    res.json(await communities.portalDetail(req.ctx, req.params));
  });

  router.put('/communities/:id', async (req, res) => {
    res.json(await communities.portalUpdate(req.ctx, input(req)));
  });

  // ---- Ambassadors of the brand's communities ---------------------------------------------------------------------

  router.get('/ambassadors', async (req, res) => {
    res.json(await ambassadors.portalAvailable(req.ctx, req.query));
  });

  router.get('/communities/:community_id/ambassadors', async (req, res) => {
    res.json(await ambassadors.portalOfCommunity(req.ctx, { ...req.query, ...req.params }));
  });

  router.post('/communities/:community_id/ambassadors/:ambassador_id/association', async (req, res) => {
    res.status(201).json(await ambassadors.portalAssociate(req.ctx, req.params));
  });

  router.delete('/communities/:community_id/ambassadors/:ambassador_id/association', async (req, res) => {
    await ambassadors.portalDissociate(req.ctx, req.params);
    res.status(204).end();
  });

  // ---- Dashboard --------------------------------------------------------------------------------------------------

  router.get('/dashboard', async (req, res) => {
    res.json(await services.dashboards.brand(req.ctx, req.query));
  });

  // ---- Experiences ------------------------------------------------------------------------------------------------

  router.get('/communities/:community_id/experiences', async (req, res) => {
    res.json(await brandPortal.experiences(req.ctx, { ...req.query, ...req.params }));
  });

  router.get('/experiences/:id/participant-numbers', async (req, res) => {
    res.json(await brandPortal.experienceParticipantNumbers(req.ctx, { ...req.query, ...req.params }));
  });

  // ---- Community applications -------------------------------------------------------------------------------------

  router.get('/community-applications', async (req, res) => {
    res.json(await communities.portalApplications(req.ctx, req.query));
  });

  router.get('/community-applications/:id', async (req, res) => {
    res.json(await communities.portalApplication(req.ctx, req.params));
  });

  router.put('/community-applications/:id', async (req, res) => {
    res.json(await communities.portalSetHandled(req.ctx, input(req)));
  });

  return router;
}
