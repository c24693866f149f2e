// Every /api/v1 and /brand/api/v1 route, in the order each router registers them (Express tries a request against a
// router's routes one after another, so a literal path is listed before a parameter that would also match it, as
// `/brand-members/sign-out` before `/brand-members/:id`). server/app.ts mounts these lists; the OpenAPI document is
// built from the same lists, so the app and the document cannot disagree.
import { z } from 'zod';
import type { Router } from 'express';
import type { Services } from '#src/root';
import { buildOpenApiDocument } from '#src/openapi/document';
import { BRAND, V1 } from '#src/openapi/operation';
import { mountRoutes, operationsOf, route, type ApiRoute, type RouteHooks } from './route';
import { sessionsRoutes } from './v1/sessions.routes';
import { accountRoutes } from './v1/account.routes';
import { leavingRoutes } from './v1/leaving.routes';
import { emailChangesRoutes } from './v1/email-changes.routes';
import { experiencesPublicRoutes } from './v1/experiences-public.routes';
import { calendarsRoutes } from './v1/calendars.routes';
import { reviewsRoutes } from './v1/reviews.routes';
import { guestExtrasRoutes } from './v1/guest-extras.routes';
import { holdingRequestsRoutes } from './v1/holding-requests.routes';
import { referenceRoutes } from './v1/reference.routes';
import { profilesRoutes } from './v1/profiles.routes';
import { communitiesRoutes } from './v1/communities.routes';
import { brandsRoutes } from './v1/brands.routes';
import { ambassadorsRoutes } from './v1/ambassadors.routes';
import { inquiriesRoutes } from './v1/inquiries.routes';
import { uploadsRoutes } from './v1/uploads.routes';
import { experienceDraftsRoutes } from './v1/experience-drafts.routes';
import { experiencesHostRoutes } from './v1/experiences-host.routes';
import { userSearchRoutes } from './v1/user-search.routes';
import { priceRoutes } from './v1/price.routes';
import { reservationsRoutes } from './v1/reservations.routes';
import { hostReservationsRoutes } from './v1/host-reservations.routes';
import { waitlistRoutes } from './v1/waitlist.routes';
import { reservationMessagesRoutes } from './v1/reservation-messages.routes';
import { paymentsRoutes } from './v1/payments.routes';
import { stripeWebhookRoutes } from './v1/stripe-webhook.routes';
import { devMailRoutes } from './v1/dev-mail.routes';
import { adminRoutes } from './v1/admin.routes';
import { payoutsRoutes } from './v1/payouts.routes';
import { brandMembersRoutes } from '#server/brand-api/v1/brand-members.routes';
import { brandPortalRoutes } from '#server/brand-api/v1/brand-portal.routes';

/** GET /api/v1/openapi.json: this document (its own schema stays open: it is described by the OpenAPI 3.1 schema). */
const openApiDocumentJsonSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

const openapiRoutes: ApiRoute[] = [
  route('get', '/openapi.json', 'この API の OpenAPI 3.1 文書を取得する', ['開発'], 'none', {
    response: openApiDocumentJsonSchema,
    handler: () => (_req, res) => {
      res.json(openApiDocument());
    },
  }),
];

/** The Stripe webhook: /api/v1, on a router of its own before the JSON parser and the origin check (server/app.ts). */
export const webhookRoutes = stripeWebhookRoutes;

/** Every other /api/v1 route, on one router in this order. */
const v1Routes: ApiRoute[] = [
  ...sessionsRoutes,
  ...accountRoutes,
  ...leavingRoutes,
  ...emailChangesRoutes,
  ...experiencesPublicRoutes,
  ...calendarsRoutes,
  ...reviewsRoutes,
  ...guestExtrasRoutes,
  ...holdingRequestsRoutes,
  ...referenceRoutes,
  ...profilesRoutes,
  ...communitiesRoutes,
  ...brandsRoutes,
  ...ambassadorsRoutes,
  ...inquiriesRoutes,
  ...uploadsRoutes,
  ...experienceDraftsRoutes,
  ...experiencesHostRoutes,
  ...userSearchRoutes,
  ...priceRoutes,
  ...reservationsRoutes,
  ...hostReservationsRoutes,
  ...waitlistRoutes,
  ...reservationMessagesRoutes,
  ...paymentsRoutes,
  ...devMailRoutes,
  ...adminRoutes,
  ...payoutsRoutes,
  ...openapiRoutes,
];

/** Every /brand/api/v1 route, on one router in this order. */
const brandRoutes: ApiRoute[] = [...brandMembersRoutes, ...brandPortalRoutes];

/** Registers the /api/v1 routes (all but the webhook) on the router server/app.ts mounts at /api/v1. */
export const mountV1Routes = (router: Router, services: Services) => mountRoutes(router, v1Routes, services);

/** Registers the webhook on its own router (before the JSON parser). */
export const mountWebhookRoutes = (router: Router, services: Services, hooks: RouteHooks) =>
  mountRoutes(router, webhookRoutes, services, hooks);

/** Registers the brand portal's routes on the router server/app.ts mounts at /brand/api/v1. */
export const mountBrandRoutes = (router: Router, services: Services) => mountRoutes(router, brandRoutes, services);

/** Every route's operation, as the document lists them. */
export const apiOperations = () => [...operationsOf(V1, [...webhookRoutes, ...v1Routes]), ...operationsOf(BRAND, brandRoutes)];

let cached: ReturnType<typeof buildOpenApiDocument> | undefined;

/** The document, built on first use and kept for the life of the process. */
export function openApiDocument() {
  cached ??= buildOpenApiDocument(apiOperations());
  return cached;
}
