// One cached set of services for the server, the CLI and the tests (ARCHITECTURE.md "Style").
// Each service function takes (ctx, input) and validates the input itself.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Env } from './lib/env';
import type { Logger } from './lib/logger';
import type { Actor, Ctx } from './lib/context';
import * as users from './modules/users/users.service';
import * as experiencesHost from './modules/experiences/experiences.host.service';
import * as experienceDrafts from './modules/experience-drafts/experience-drafts.service';
import { createUserSearchService } from './modules/users/user-search.service';
import * as experiences from './modules/experiences/experiences.service';
import * as calendars from './modules/calendars/calendars.service';
import * as reviews from './modules/reviews/reviews.service';
import * as holdingRequests from './modules/holding-requests/holding-requests.service';
import * as reference from './modules/reference/reference.service';
import * as profiles from './modules/users/profile.service';
import * as uploads from './modules/uploads/uploads.service';
import { createBrandsService } from './modules/brands/brands.service';
import { createAmbassadorsService } from './modules/ambassadors/ambassadors.service';
import { createCommunitiesService } from './modules/communities/communities.service';
import { createInquiriesService } from './modules/inquiries/inquiries.service';
import { createAuditService } from './modules/audit/audit.service';
import { createBrandMembersService } from './modules/brand-members/brand-members.service';
import { createExperienceApprovalsService } from './modules/experience-approvals/experience-approvals.service';
import { createReservationsService } from './modules/reservations/reservations.service';
import { createPaymentsService } from './modules/payments/payments.service';
import { createMailService } from './modules/mail/mail.delivery';

export interface ServiceDeps {
  orm: MikroORM;
  env: Env;
  log: Logger;
}

function build(deps: ServiceDeps) {
  const audit = createAuditService();
  return {
    ...deps,
    /** A context with its own EntityManager fork: one per request, per command, per job. */
    context(actor: Actor, log: Logger = deps.log): Ctx {
      return { em: deps.orm.em.fork(), actor, log };
    },
    users,
    experiencesHost,
    experienceDrafts,
    userSearch: createUserSearchService(),
    experiences,
    calendars,
    reviews,
    holdingRequests,
    reference,
    profiles,
    uploads,
    audit,
    brands: createBrandsService({ audit }),
    brandMembers: createBrandMembersService({ env: deps.env, audit }),
    ambassadors: createAmbassadorsService({ audit }),
    communities: createCommunitiesService({ env: deps.env, audit }),
    inquiries: createInquiriesService({ env: deps.env, audit }),
    experienceApprovals: createExperienceApprovalsService({ env: deps.env, audit }),
    reservations: createReservationsService(deps),
    payments: createPaymentsService(deps),
    mail: createMailService(deps),
  };
}

export type Services = ReturnType<typeof build>;

const cache = new WeakMap<MikroORM, Services>();

export function createServices(deps: ServiceDeps): Services {
  let services = cache.get(deps.orm);
  if (!services) {
    services = build(deps);
    cache.set(deps.orm, services);
  }
  return services;
}
