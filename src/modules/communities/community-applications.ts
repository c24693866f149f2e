// Community applications: a signed-in user applies to a published community (guest-and-host.md §3, §5), the brand
// portal reads and marks its communities' applications (admin-and-brand-portal.md), and the administrators read and
// mark every community's (docs/decisions/admin-lists.md). An application is validated completely, then stored in one
// transaction together with the notice mails to the community's brand members (or, when no member would be told, to
// the office) and the applicant's receipt (durable outbox). The communities service answers with these; server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { requireAdmin, requireBrandMember, requireUser, type Ctx, withEm } from '#src/lib/context';
import { isUniqueViolation } from '#src/lib/db-errors';
import { NotFoundError, ValidationError, type FieldMessages } from '#src/lib/isomorphic/errors';
import { fieldMessages, parseId, parseInput, type IdInput } from '#src/lib/isomorphic/validate';
import { formatInstantDateTimeJa } from '#src/lib/isomorphic/dates';
import { transaction } from '#src/lib/transaction';
import * as ja from '#src/i18n/ja';
import { ageOn } from '#src/modules/brand-portal/age';
import {
  applicationHandledSchema,
  type ApplicationHandledInput,
  type BrandApplicationDetail,
} from '#src/modules/brand-portal/brand-portal.schemas';
import type { AuditService } from '#src/modules/audit/audit.service';
import { brandOwnsCommunity, brandsOfCommunities, memberRecipientsOfCommunity } from '#src/modules/brands/brands.repository';
import { enqueueMail, type OutgoingMail } from '#src/modules/mail/mail.outbox';
import { mailText } from '#src/modules/mail/mail.frame';
import type { ReferenceService } from '#src/modules/reference/reference.service';
import { Community, CommunityApplication, CommunityApplicationAnswer, CommunityApplicationQuestion } from './communities.entity';
import {
  checkAnswers,
  communityApplicationSchema,
  type CommunityApplicationData,
  type CommunityApplicationInput,
  type CommunityApplicationResult,
} from './community-application.schemas';
import type { AdminApplicationDetail } from './community-list.schemas';
import { applicationRow } from './community-lists';

const v = ja.communities.validation;

interface ApplyDeps {
  reference: Pick<ReferenceService, 'occupations'>;
  /** The site's public base URL, for the brand members' and the office's links. */
  baseUrl: string;
  /** The office's address (OFFICE_EMAIL), told of an application no brand member is told of. */
  officeEmail: string;
}

/**
 * Parses the payload; zod messages about answers (answers.0.content, ...) are gathered under `answers`, the key
 * the form lists under itself (spec: errors.answers).
 */
function parseApplication(input: CommunityApplicationInput): CommunityApplicationData {
  const result = communityApplicationSchema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details: FieldMessages = {};
  for (const [key, messages] of Object.entries(fieldMessages(result.error))) {
    const field = key === 'answers' || key.startsWith('answers.') ? 'answers' : key;
    details[field] = [...new Set([...(details[field] ?? []), ...messages])];
  }
  throw new ValidationError(details);
}

/**
 * The applicant's receipt: which community, when, and what happens next (the brand's staff write to the account's
 * address, which they see in the portal with the application). Always sent (it confirms the applicant's own action,
 * like a reservation's confirmation), to the account's address, greeting the name given in the application.
 */
function applicantReceipt(input: {
  applicationId: number;
  appliedAt: Date;
  to: string;
  fullName: string;
  community: { id: number; name: string };
  baseUrl: string;
}): OutgoingMail {
  const { community, fullName, baseUrl } = input;
  const m = ja.communityApplicationMail;
  return {
    dedupeKey: `community_application:${input.applicationId}:applicant`,
    to: input.to,
    footer: 'user',
    subject: m.subject(community.name),
    text: mailText({
      name: fullName,
      body: [
        m.lead(community.name),
        '',
        m.community(community.name),
        m.appliedAt(formatInstantDateTimeJa(input.appliedAt)),
        '',
        m.nextHeading,
        ...m.next(input.to),
        '',
        m.communityLink(`${baseUrl}/communities/${community.id}`),
        m.contact(`${baseUrl}/inquiry`),
      ],
      baseUrl,
    }),
  };
}

/**
 * The office's notice of an application that reaches no brand member (the community belongs to no brand, or its brand
 * has no member who accepted the invitation): otherwise nobody would know of it. Built like the inquiries' notices
 * (no greeting, no footer, a reply reaches the applicant), it links the admin list of the community's applications.
 */
function officeNotice(input: {
  applicationId: number;
  appliedAt: Date;
  applicant: { email: string; fullName: string };
  community: { id: number; name: string; brandCount: number };
  to: string;
  baseUrl: string;
}): OutgoingMail {
  const { community, baseUrl } = input;
  const m = ja.communities.mail;
  return {
    dedupeKey: `community_application:${input.applicationId}:office`,
    to: input.to,
    replyTo: input.applicant.email,
    footer: null,
    subject: m.officeSubject(community.name),
    text: mailText({
      name: null,
      body: m.officeBody({
        id: input.applicationId,
        community: community.name,
        brandless: community.brandCount === 0,
        applicant: input.applicant.fullName,
        appliedAt: formatInstantDateTimeJa(input.appliedAt),
        url: `${baseUrl}/admin/community_applications?community_id=${community.id}`,
      }),
      baseUrl,
    }),
  };
}

/** POST /api/v1/community_applications (signed in). Nothing is stored unless everything is valid. */
export async function applyToCommunity(ctx: Ctx, input: CommunityApplicationInput, deps: ApplyDeps): Promise<CommunityApplicationResult> {
  const { reference, baseUrl, officeEmail } = deps;
  const actor = requireUser(ctx);
  const data = parseApplication(input);
  try {
    return await transaction(ctx.em, async (em) => {
      const details: FieldMessages = {};
      const community = await em.findOne(Community, { id: data.community_id, published: true });
      if (!community) throw new ValidationError({ community_id: [v.communityNotFound] });
      if (await em.count(CommunityApplication, { community: community.id, user: actor.id })) {
        throw new ValidationError({ base: [v.alreadyApplied] });
      }
      const occupations = await reference.occupations(withEm(ctx, em));
      if (!occupations.some((o) => o.id === data.occupation_id)) details.occupation_id = [v.occupationRequired];
      const items = await em.find(CommunityApplicationQuestion, { community: community.id }, { orderBy: { sortOrder: 'asc', id: 'asc' } });
      const checked = checkAnswers(items, data.answers);
      if (checked.errors.length > 0) details.answers = checked.errors;
      if (Object.keys(details).length > 0) throw new ValidationError(details);

      const application = em.create(CommunityApplication, {
        community,
        user: actor.id,
        occupation: data.occupation_id,
        fullName: data.full_name,
        gender: data.gender,
        postalCode: data.postal_code,
        address: data.address,
        birthday: data.birthday,
      });
      const words = new Map(items.map((item) => [item.id, item.name]));
      for (const answer of checked.answers) {
        const questionText = words.get(answer.questionId) as string;
        em.create(CommunityApplicationAnswer, { application, question: answer.questionId, questionText, content: answer.content });
      }
      await em.flush();

      const recipients = await memberRecipientsOfCommunity(em, community.id);
      const url = `${baseUrl}/brand/community_applications`;
      await enqueueMail(em, [
        ...recipients.map((member) => ({
          dedupeKey: `community_application:${application.id}:brand_member:${member.id}`,
          to: member.email,
          footer: 'brand' as const,
          subject: ja.communities.mail.brandSubject(community.name),
          // A brand member's account holds no name: no greeting.
          text: mailText({
            name: null,
            body: ja.communities.mail.brandBody({ community: community.name, applicant: data.full_name, url }),
            baseUrl,
          }),
        })),
        applicantReceipt({
          applicationId: application.id,
          appliedAt: application.createdAt,
          to: actor.email,
          fullName: data.full_name,
          community,
          baseUrl,
        }),
        ...(recipients.length === 0
          ? [
              officeNotice({
                applicationId: application.id,
                appliedAt: application.createdAt,
                applicant: { email: actor.email, fullName: data.full_name },
                community,
                to: officeEmail,
                baseUrl,
              }),
            ]
          : []),
      ]);
      return {
        id: application.id,
        community_id: community.id,
        occupation_id: data.occupation_id,
        full_name: data.full_name,
        gender: data.gender,
        postal_code: data.postal_code,
        address: data.address,
        birthday: data.birthday,
        answers: checked.answers.map((a) => ({ community_application_question_id: a.questionId, content: a.content })),
        created_at: new Date(application.createdAt).toISOString(),
      };
    });
  } catch (error) {
    // Two submissions racing past the count above: the unique index decides.
    if (isUniqueViolation(error)) throw new ValidationError({ base: [v.alreadyApplied] });
    throw error;
  }
}

const applicationNotFound = () => new NotFoundError(ja.brandPortalApi.applicationNotFound, 'community_application');

/** Who reads and marks applications: a brand member their brand's communities' (the portal), an ADMIN every one. */
type Door = 'portal' | 'admin';

/**
 * The application `input.id` names as the door's caller may see it: the portal's member is refused (401) unless signed
 * in to the portal and answered 404 for another brand's application, exactly as for an unknown id; the admin's caller
 * must be an ADMIN (401 signed out, 403 otherwise).
 */
async function applicationFor(ctx: Ctx, door: Door, input: { id: IdInput }, em: EntityManager) {
  let brandId: number | null = null;
  if (door === 'portal') brandId = requireBrandMember(ctx).brandId;
  else requireAdmin(ctx);
  const id = parseId(input.id);
  if (!id) throw applicationNotFound();
  const application = await em.findOne(CommunityApplication, { id }, { populate: ['community'] });
  if (!application) throw applicationNotFound();
  if (brandId !== null && !(await brandOwnsCommunity(em, brandId, application.community.id))) throw applicationNotFound();
  return application;
}

/**
 * How the brand reaches the applicant: the account's address as it is now (read through the application's user, so
 * an address changed since is the new one), never a copy taken when they applied. An account that left (退会) holds
 * a placeholder instead of an address: none is given, and the detail says the applicant left.
 */
function applicantContact(user: { email: string; leftAt?: Date | null }): Pick<BrandApplicationDetail, 'user_email' | 'user_left'> {
  const left = user.leftAt != null;
  return { user_email: left ? null : user.email, user_left: left };
}

/** The detail as the portal shows it, and the applicant's account id (the admin's detail adds it). */
async function applicationDetail(em: EntityManager, id: number): Promise<{ detail: BrandApplicationDetail; userId: number }> {
  const fresh = em.fork({ clear: true });
  const application = await fresh.findOneOrFail(CommunityApplication, { id }, { populate: ['community', 'occupation', 'user'] });
  const answers = await fresh.find(
    CommunityApplicationAnswer,
    { application: id },
    { populate: ['question'], orderBy: { question: { sortOrder: 'asc', id: 'asc' } } },
  );
  const detail = {
    ...applicationRow(application),
    user_age: ageOn(application.birthday as string | Date, new Date()),
    occupation: application.occupation.name,
    ...applicantContact(application.user),
    // Each answer under the words it answered (a question may have been reworded since).
    answers: answers.map((a) => ({ question: a.questionText, answer: a.content })),
  };
  return { detail, userId: application.user.id };
}

/** The admin's detail: the portal's, the community's brands (none: ブランドなし) and the applicant's account id. */
async function adminDetail(ctx: Ctx, id: number): Promise<AdminApplicationDetail> {
  const { detail, userId } = await applicationDetail(ctx.em, id);
  const brands = await brandsOfCommunities(ctx.sql, [detail.community_id]);
  return { ...detail, brands: brands.get(detail.community_id) ?? [], user_id: userId };
}

/**
 * Saves 対応済み/未対応 (`{handled}`) of the application the door's caller may see: one rule for the portal's toggle and
 * the admin's, audited when it changes (who, before, after), as the admin's changes are. Answers the application's id.
 */
async function saveHandled(ctx: Ctx, door: Door, input: ApplicationHandledInput & { id: IdInput }, audit: AuditService): Promise<number> {
  return transaction(ctx.em, async (em) => {
    const application = await applicationFor(ctx, door, input, em);
    const { handled } = parseInput(applicationHandledSchema, input);
    if (application.resolved !== handled) {
      application.resolved = handled;
      audit.record(withEm(ctx, em), {
        entityType: 'community_application',
        entityId: application.id,
        action: handled ? 'resolve' : 'unresolve',
        before: { handled: !handled },
        after: { handled },
      });
      await em.flush();
    }
    return application.id;
  });
}

/** GET /brand/api/v1/community-applications/{id}: community, applicant, age, occupation, e-mail, answers, handled. */
export async function portalApplicationDetail(ctx: Ctx, input: { id: IdInput }): Promise<BrandApplicationDetail> {
  const application = await applicationFor(ctx, 'portal', input, ctx.em);
  return (await applicationDetail(ctx.em, application.id)).detail;
}

/** PUT /brand/api/v1/community-applications/{id} ({handled}): saves the 対応済み/未対応 toggle (audited). */
export async function portalSetApplicationHandled(
  ctx: Ctx,
  input: ApplicationHandledInput & { id: IdInput },
  audit: AuditService,
): Promise<BrandApplicationDetail> {
  return (await applicationDetail(ctx.em, await saveHandled(ctx, 'portal', input, audit))).detail;
}

/** GET /api/v1/admin/community-applications/{id} (ADMIN): any community's, brandless ones included. */
export async function adminApplicationDetail(ctx: Ctx, input: { id: IdInput }): Promise<AdminApplicationDetail> {
  const application = await applicationFor(ctx, 'admin', input, ctx.em);
  return adminDetail(ctx, application.id);
}

/** PUT /api/v1/admin/community-applications/{id} ({handled}, ADMIN): the portal's toggle on any application (audited). */
export async function adminSetApplicationHandled(
  ctx: Ctx,
  input: ApplicationHandledInput & { id: IdInput },
  audit: AuditService,
): Promise<AdminApplicationDetail> {
  return adminDetail(ctx, await saveHandled(ctx, 'admin', input, audit));
}
