// What both doors show of a community application (the administrators' panel, pages/admin/community_applications,
// and the brand portal's, pages/brand/community_applications): the rows of who applied and how to reach them, inside
// the panel's <dl>, and the answers. The administrators' panel adds its own rows (the community's brands, the
// account's id) where `afterCommunity` and `afterApplicant` put them.
import { Fragment, type ReactNode } from 'react';
import * as ja from '#src/i18n/ja';
import type { BrandApplicationDetail } from '#src/modules/brand-portal/brand-portal.schemas';
import { EmailWithCopy } from './InquiryControls';

const t = ja.brandPortalPages.applications;

export function ApplicationRows({
  q,
  afterCommunity,
  afterApplicant,
}: {
  q: BrandApplicationDetail;
  afterCommunity?: ReactNode;
  afterApplicant?: ReactNode;
}) {
  return (
    <>
      <dt>{t.community}</dt>
      <dd>{q.community_name}</dd>
      {afterCommunity}
      <dt>{t.applicant}</dt>
      <dd>{q.user_name}</dd>
      {afterApplicant}
      <dt>{t.age}</dt>
      <dd>{t.ageValue(q.user_age)}</dd>
      <dt>{t.occupation}</dt>
      <dd>{q.occupation}</dd>
      <dt>{t.email}</dt>
      <dd data-testid="applicant-email">{q.user_email !== null ? <EmailWithCopy email={q.user_email} /> : t.applicantLeft}</dd>
      <dt>{t.appliedAt}</dt>
      <dd>{ja.adminPages.date(q.applied_at)}</dd>
    </>
  );
}

/** The applicant's answers under their heading, in the form's order; `className`: the door's list style. */
export function ApplicationAnswers({ answers, className }: { answers: BrandApplicationDetail['answers']; className: string }) {
  if (answers.length === 0) return null;
  return (
    <>
      <h3>{t.answers}</h3>
      <dl className={className} data-testid="answers">
        {answers.map((answer, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: answers are listed in the form's order and never move
          <Fragment key={index}>
            <dt>{answer.question}</dt>
            <dd>{answer.answer || t.noAnswer}</dd>
          </Fragment>
        ))}
      </dl>
    </>
  );
}
