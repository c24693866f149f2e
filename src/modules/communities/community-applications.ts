// Community applications: a signed-in user applies to a published community (guest-and-host.md §3, §5), and the
// brand portal reads and marks its communities' applications (admin-and-brand-portal.md). An application is validated
// completely, then stored in one transaction together with the notice mails to the community's brand members and the
// applicant's receipt (durable outbox). The communities service answers with these; server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { requireBrandMember, requireUser, type Ctx, withEm } from '#src/lib/context';
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
import { brandOwnsCommunity, memberRecipientsOfCommunity } from '#src/modules/brands/brands.repository';
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
import { applicationRow } from './community-lists';

const v = ja.communities.validation;

interface ApplyDeps {
  reference: Pick<ReferenceService, 'occupations'>;
  /** The site's public base URL, for the brand members' link. */
  baseUrl: string;
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
 * The applicant's receipt: which community, when, and what happens next. Always sent (it confirms the applicant's own
 * action, like a reservation's confirmation), to the account's address, greeting the name given in the application.
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
        ...m.next,
        '',
        m.communityLink(`${baseUrl}/communities/${community.id}`),
        m.contact(`${baseUrl}/inquiry`),
      ],
      baseUrl,
    }),
  };
}

/** POST /api/v1/community_applications (signed in). Nothing is stored unless everything is valid. */
export async function applyToCommunity(ctx: Ctx, input: CommunityApplicationInput, deps: ApplyDeps): Promise<CommunityApplicationResult> {
  const { reference, baseUrl } = deps;
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
      for (const answer of checked.answers) {
        em.create(CommunityApplicationAnswer, { application, question: answer.questionId, content: answer.content });
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

async function ownApplication(ctx: Ctx, input: { id: IdInput }, em: EntityManager = ctx.em) {
  const actor = requireBrandMember(ctx);
  const id = parseId(input.id);
  if (!id) throw applicationNotFound();
  const application = await em.findOne(CommunityApplication, { id }, { populate: ['community', 'occupation'] });
  if (!application || !(await brandOwnsCommunity(em, actor.brandId, application.community.id))) throw applicationNotFound();
  return application;
}

async function applicationDetail(em: EntityManager, id: number): Promise<BrandApplicationDetail> {
  const fresh = em.fork({ clear: true });
  const application = await fresh.findOneOrFail(CommunityApplication, { id }, { populate: ['community', 'occupation'] });
  const answers = await fresh.find(
    CommunityApplicationAnswer,
    { application: id },
    { populate: ['question'], orderBy: { question: { sortOrder: 'asc', id: 'asc' } } },
  );
  return {
    ...applicationRow(application),
    user_age: ageOn(application.birthday as string | Date, new Date()),
    occupation: application.occupation.name,
    answers: answers.map((a) => ({ question: a.question.name, answer: a.content })),
  };
}

/** GET /brand/api/v1/community-applications/{id}: community, applicant, age, occupation, answers, handled. */
export async function portalApplicationDetail(ctx: Ctx, input: { id: IdInput }): Promise<BrandApplicationDetail> {
  const application = await ownApplication(ctx, input);
  return applicationDetail(ctx.em, application.id);
}

/** PUT /brand/api/v1/community-applications/{id} ({handled}): saves the 対応済み/未対応 toggle. */
export async function setApplicationHandled(ctx: Ctx, input: ApplicationHandledInput & { id: IdInput }): Promise<BrandApplicationDetail> {
  const application = await ownApplication(ctx, input);
  const { handled } = parseInput(applicationHandledSchema, input);
  if (application.resolved !== handled) {
    application.resolved = handled;
    await ctx.em.flush();
  }
  return applicationDetail(ctx.em, application.id);
}
