// Every service, built once per ORM in dependency order (ARCHITECTURE.md "The composition root"): what createRoot
// adds to the database. It loads with createRoot, not with src/root.ts: a CLI command that needs only the database
// (openDatabase) loads none of the services' modules. Server-only.
import type { MikroORM } from '@mikro-orm/postgresql';
import { publicBaseUrl, type Env } from './lib/env';
import type { Logger } from './lib/logger';
import type { Actor, Ctx } from './lib/context';
import { createGateway } from './modules/payments/payments.config';
import { createUsersService } from './modules/users/users.service';
import { createAccountService } from './modules/users/account.service';
import { createLeavingService } from './modules/users/leaving.service';
import { createDataExportsService } from './modules/data-exports/data-exports.service';
import { createEmailVerificationService } from './modules/users/email-verification.service';
import { userEmailDoor } from './modules/users/user-email-door';
import { createEmailChangesService } from './modules/email-changes/email-changes.service';
import { brandMemberEmailDoor } from './modules/brand-members/brand-member-email-door';
import { createReferenceService } from './modules/reference/reference.service';
import { createExperiencesService } from './modules/experiences/experiences.service';
import { createExperiencesHostService } from './modules/experiences/experiences.host.service';
import { createExperienceDraftsService } from './modules/experience-drafts/experience-drafts.service';
import { createProfilesService } from './modules/users/profile.service';
import { createCalendarsService } from './modules/calendars/calendars.service';
import { createReviewsService } from './modules/reviews/reviews.service';
import { createReviewRequests } from './modules/reviews/review-requests';
import { createFavoritesService } from './modules/favorites/favorites.service';
import { createFavoriteDates } from './modules/favorites/favorite-dates';
import { createReservationCalendarService } from './modules/reservations/reservation-calendar.service';
import { createStoryPageService } from './modules/experiences/story-page.service';
import { createHoldingRequestsService } from './modules/holding-requests/holding-requests.service';
import { createUploadsService } from './modules/uploads/uploads.service';
import { createPaymentsService } from './modules/payments/payments.service';
import { createStripeWebhookService } from './modules/payments/stripe-webhook.service';
import { createReservationsService } from './modules/reservations/reservations.service';
import { createWaitlistService } from './modules/reservations/waitlist.service';
import { createWaitlistOffers } from './modules/reservations/waitlist-offers';
import { createMailService } from './modules/mail/mail.service';
import { createUserSearchService } from './modules/users/user-search.service';
import { createBrandsService } from './modules/brands/brands.service';
import { createAmbassadorsService } from './modules/ambassadors/ambassadors.service';
import { createCommunitiesService } from './modules/communities/communities.service';
import { createBrandPortalService } from './modules/brand-portal/brand-portal.service';
import { createInquiriesService } from './modules/inquiries/inquiries.service';
import { createAuditService } from './modules/audit/audit.service';
import { createRefundsService } from './modules/reservations/refunds.service';
import { createReviewModerationService } from './modules/reviews/review-moderation';
import { createAdminUsersService } from './modules/users/admin-users.service';
import { createAdminReservationsService } from './modules/reservations/admin-reservations.service';
import { createBrandMembersService } from './modules/brand-members/brand-members.service';
import { createBrandAccountService } from './modules/brand-members/brand-account.service';
import { createExperienceApprovalsService } from './modules/experience-approvals/experience-approvals.service';
import { createCouponsService } from './modules/coupons/coupons.service';
import { createHostReservationsService } from './modules/reservations/host-reservations.service';
import { createReservationMessagesService } from './modules/reservations/reservation-messages.service';
import { createReminders } from './modules/reservations/reminders';
import { createReceiptsService } from './modules/receipts/receipts.service';
import { createPasswordResetsService } from './modules/password-resets/password-resets.service';
import { createPayoutsService } from './modules/earnings/payouts.service';
import { createDashboardsService } from './modules/dashboards/dashboards.service';
import { createEarningsService } from './modules/earnings/earnings.service';
import { createBankFileAdapter } from './modules/earnings/payout-adapters';
import { bankDirectory as banks } from './modules/earnings/bank-directory';
import { toTransferKana } from './modules/earnings/earnings.shared';

interface ServiceDeps {
  orm: MikroORM;
  env: Env;
  log: Logger;
  /** The database's context maker (openDatabase's `context`). */
  context: (actor: Actor, ctxLog?: Logger | (() => Logger)) => Ctx;
}

/** Every service, built once per ORM in dependency order; each gets what it uses through its deps. */
export function buildServices(deps: ServiceDeps) {
  const { orm, env, log, context } = deps;
  // IMAGE_UPLOAD_URL is set: uploads go to the image hosting service, and its http(s) images are accepted.
  const imageHosting = Boolean(env.IMAGE_UPLOAD_URL);
  const gateway = createGateway({ orm, env });
  const reference = createReferenceService();
  const experiences = createExperiencesService({ reference });
  const calendars = createCalendarsService();
  const users = createUsersService({ env });
  const experienceDrafts = createExperienceDraftsService({ imageHosting });
  const waitlistOffers = createWaitlistOffers(env, publicBaseUrl(env));
  const experiencesHost = createExperiencesHostService({
    reference,
    users,
    experienceDrafts,
    offerFreedSeats: waitlistOffers.offerForExperience,
    imageHosting,
  });
  const audit = createAuditService();
  const brands = createBrandsService({ audit, imageHosting });
  const reservations = createReservationsService({ orm, env, log, gateway, audit });
  const brandMembers = createBrandMembersService({ env, audit });
  const kana = (name: string | null) => (name ? (toTransferKana(name) ?? '') : '');
  const bankFile = createBankFileAdapter(env, {
    bank: (code) => kana(banks.bankKana(code)),
    branch: (bankCode, branchCode) => kana(banks.branchKana(bankCode, branchCode)),
  });
  const bankLabel = (bankCode: string, branchCode: string) =>
    `${banks.bankName(bankCode) ?? bankCode} ${banks.branchName(bankCode, branchCode) ?? branchCode}`;
  return {
    env,
    log,
    /**
     * A context with its own EntityManager fork: one per request, per command, per job. The fork is made when `em` is
     * first read, and the logger (which may be given as a function, a request's: server/middleware/request-log.ts)
     * when `log` is first read (src/lib/context.ts).
     */
    context,
    users,
    account: createAccountService({ env, imageHosting }),
    /** Leaving (退会): the user's own and the administrator's, one erasure (users/leaving-erasure.ts). */
    leaving: createLeavingService({ audit }),
    /** The copy of one's data: requested on /account, built by the worker's job, mailed as a link. */
    dataExports: createDataExportsService({ orm, env, log }),
    /** The sign-up address check (users.email_verified_at) and its mailed link. */
    emailVerification: createEmailVerificationService({ env }),
    /** E-mail address changes of both doors, with the confirmation and undo links. */
    emailChanges: createEmailChangesService({ env, doors: { user: userEmailDoor, brand: brandMemberEmailDoor } }),
    reference,
    experiences,
    experiencesHost,
    experienceDrafts,
    profiles: createProfilesService({ experiences }),
    calendars,
    storyPage: createStoryPageService({ calendars }),
    reviews: createReviewsService({ experiences, env }),
    /** The job that mails the review requests the morning after a reservation's last date. */
    reviewRequests: createReviewRequests({ orm, env, log }),
    /** カレンダーに追加: the .ics of a guest's confirmed reservation. */
    reservationCalendar: createReservationCalendarService({ env }),
    /** A guest's hearted experiences (お気に入り). */
    favorites: createFavoritesService({ experiences }),
    /** The job that mails new dates of hearted experiences to the guests who asked for it. */
    favoriteDates: createFavoriteDates({ orm, env, log }),
    holdingRequests: createHoldingRequestsService({ experiences, env }),
    uploads: createUploadsService({ env }),
    payments: createPaymentsService({ env, gateway }),
    reservations,
    /** キャンセル待ち: the guests' lines for full slots (offers are made where seats free up). */
    waitlist: createWaitlistService({ orm, env }),
    /** The guests' receipts (領収書 PDF). */
    receipts: createReceiptsService({ env }),
    stripeWebhook: createStripeWebhookService({ env, reservations }),
    mail: createMailService({ orm, env, log }),
    audit,
    userSearch: createUserSearchService(),
    /** The administrators' list of every account (/admin/users). */
    adminUsers: createAdminUsersService(),
    brands,
    brandMembers,
    /** The signed-in brand member's own password and sessions (/brand/account). */
    brandAccount: createBrandAccountService({ env }),
    /** Password reset requests of both doors: recorded by the routes, mailed by the worker's job. */
    passwordResets: createPasswordResetsService({ orm, log, users, brandMembers }),
    ambassadors: createAmbassadorsService({ audit, imageHosting, baseUrl: publicBaseUrl(env) }),
    communities: createCommunitiesService({ env, audit, reference, brands, imageHosting }),
    brandPortal: createBrandPortalService(),
    /** The admin and brand portal dashboards' charts. */
    dashboards: createDashboardsService(),
    inquiries: createInquiriesService({ env, audit }),
    experienceApprovals: createExperienceApprovalsService({ env, audit, experiencesHost }),
    /** The operators' refunds (CLI list-refunds / retry-refund). */
    refunds: createRefundsService({ audit }),
    reviewModeration: createReviewModerationService({ env, audit }),
    /** The administrators' reservations lookup (/admin/reservations, CLI list-reservations / show-reservation). */
    adminReservations: createAdminReservationsService(),
    coupons: createCouponsService({ audit }),
    hostReservations: createHostReservationsService(),
    reservationMessages: createReservationMessagesService({ env }),
    /** The job that queues the day-before reminders. */
    reminders: createReminders({ orm, env, log }),
    /** The monthly close and payouts (earnings/payouts.service.ts). */
    payouts: createPayoutsService({ env, audit, adapter: bankFile, bankLabel }),
    /** The payee's earnings, statements and bank account (earnings/earnings.service.ts). */
    earnings: createEarningsService({ env, audit, banks }),
  };
}

export type Services = ReturnType<typeof buildServices>;
