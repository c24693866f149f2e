// The notices to a user whose membership of an ambassador the administrator or the operator (CLI) changed. A member
// reads and runs the ambassador's experiences, reservations, messages, reviews, earnings and bank account, so the
// user is told when that access begins (which ambassador, the pages it opens) and when it ends, with where to turn
// if they did not expect it. A security notice (mail.footer.ts): always sent, whatever the notification settings,
// because it reports a change to what the account can do. Queued by ambassadors.service.ts in the transaction that adds or removes the
// membership; the key names the membership row, so a re-added member is told again and a retry never twice.
// Server-only.
import { earningsPath } from '#src/modules/earnings/earnings.shared';
import * as ja from '#src/i18n/ja';
import type { OutgoingMail } from '#src/modules/mail/mail.outbox';
import { mailText } from '#src/modules/mail/mail.frame';

export interface MembershipChange {
  /** The ambassador_members row added or removed. */
  membershipId: number;
  ambassador: { id: number; name: string };
  user: { name: string; email: string };
}

/** The mail to a user who has just become a member of the ambassador. */
export function memberAddedMail(change: MembershipChange, baseUrl: string): OutgoingMail {
  const m = ja.ambassadorMemberMail;
  const { ambassador, user } = change;
  return {
    dedupeKey: `ambassador-member:${change.membershipId}:added`,
    to: user.email,
    footer: { account: 'user', kind: 'security' },
    subject: m.addedSubject(ambassador.name),
    text: mailText({
      name: user.name,
      body: [
        m.addedLead(ambassador.name),
        ...m.addedRights,
        '',
        m.experiences(`${baseUrl}/host/story`),
        m.reservations(`${baseUrl}/host/reservations`),
        m.earnings(`${baseUrl}${earningsPath(ambassador.id)}`),
        m.reviews(`${baseUrl}/host/reviews`),
        '',
        m.unexpected(`${baseUrl}/inquiry`),
      ],
      baseUrl,
    }),
  };
}

/** The mail to a user who is no longer a member of the ambassador. */
export function memberRemovedMail(change: MembershipChange, baseUrl: string): OutgoingMail {
  const m = ja.ambassadorMemberMail;
  const { ambassador, user } = change;
  return {
    dedupeKey: `ambassador-member:${change.membershipId}:removed`,
    to: user.email,
    footer: { account: 'user', kind: 'security' },
    subject: m.removedSubject(ambassador.name),
    text: mailText({
      name: user.name,
      body: [m.removedLead(ambassador.name), m.removedRights, '', m.unexpected(`${baseUrl}/inquiry`)],
      baseUrl,
    }),
  };
}
