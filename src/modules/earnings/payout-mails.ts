// The payees' mails of a payout batch, queued in the transaction that prepares it or marks it paid (mail.outbox.ts),
// one per payee and batch. Preparing fixes every line, so a payee whose balance the batch leaves unpaid (no bank
// account, or below the minimum) is told then, with the time until the next close to register an account; a paid
// payee is told when the office marks the batch paid, with the account the batch pays (the one copied into its line
// at preparation, which may differ from the payee's current one). Every figure is the line's own. Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { publicBaseUrl, type Env } from '#src/lib/env';
import { formatDateJa } from '#src/lib/isomorphic/dates';
import { formatYen } from '#src/lib/isomorphic/money';
import * as ja from '#src/i18n/ja';
import { enqueueMail, type OutgoingMail } from '#src/modules/mail/mail.outbox';
import { mailText } from '#src/modules/mail/mail.frame';
import { userContact } from '#src/modules/users/users.repository';
import { ambassadorContact } from '#src/modules/ambassadors/ambassadors.repository';
import { earningsPath } from './earnings.shared';
import type { ItemRow } from './payout-batches.repository';

export interface MailedBatch {
  id: number;
  /** 'YYYY-MM' */
  month: string;
  /** 'YYYY-MM-DD' */
  payDate: string;
}

type MailEnv = Pick<Env, 'APP_URL' | 'PORT' | 'OFFICE_EMAIL'>;

/** A host's own address, or an ambassador's (its e-mail, else its first member's, else the office's). */
async function recipientOf(
  em: EntityManager,
  env: MailEnv,
  item: ItemRow,
): Promise<Pick<OutgoingMail, 'to' | 'footer'> & { name: string }> {
  if (item.user_id !== null) {
    const contact = await userContact(em, item.user_id);
    return { name: contact.name, to: contact.email, footer: 'user' };
  }
  const contact = await ambassadorContact(em, item.ambassador_id as number);
  return { name: contact.name, to: contact.email ?? env.OFFICE_EMAIL, footer: null };
}

/** To each paid line's payee: the month, the pay day, the account paid (`accountOf`: masked) and the amounts. */
export async function queuePaidMails(
  em: EntityManager,
  env: MailEnv,
  batch: MailedBatch,
  items: ItemRow[],
  accountOf: (item: ItemRow) => string,
): Promise<void> {
  const baseUrl = publicBaseUrl(env);
  const mails: OutgoingMail[] = [];
  for (const item of items) {
    const recipient = await recipientOf(em, env, item);
    mails.push({
      dedupeKey: `payout:${batch.id}:${item.payee_id}`,
      to: recipient.to,
      footer: recipient.footer,
      subject: ja.money.payoutMailSubject(ja.earnings.monthLabel(batch.month)),
      text: mailText({
        name: recipient.name,
        body: ja.money.payoutMailBody({
          month: ja.earnings.monthLabel(batch.month),
          payDate: formatDateJa(batch.payDate),
          account: accountOf(item),
          balance: formatYen(item.balance),
          fee: formatYen(item.fee),
          transfer: formatYen(item.transfer_amount),
          url: `${baseUrl}${earningsPath(item.ambassador_id)}`,
        }),
        baseUrl,
      }),
    });
  }
  await enqueueMail(em, mails);
}

/**
 * To each payee whose positive balance the batch leaves unpaid: blocked (no bank account) or carried over (below
 * `payableFrom`, the smallest balance a close pays), and whether an account is still to be registered. A balance of
 * zero or less is owed nothing and gets no mail.
 */
export async function queueUnpaidMails(
  em: EntityManager,
  env: MailEnv,
  batch: MailedBatch,
  items: ItemRow[],
  rules: { payableFrom: number; withoutAccount: ReadonlySet<number> },
): Promise<void> {
  const baseUrl = publicBaseUrl(env);
  const mails: OutgoingMail[] = [];
  for (const item of items) {
    if (item.status === 'payable' || item.balance <= 0) continue;
    const recipient = await recipientOf(em, env, item);
    mails.push({
      dedupeKey: `payout-unpaid:${batch.id}:${item.payee_id}`,
      to: recipient.to,
      footer: recipient.footer,
      subject: ja.money.unpaidMailSubject(ja.earnings.monthLabel(batch.month)),
      text: mailText({
        name: recipient.name,
        body: ja.money.unpaidMailBody({
          month: ja.earnings.monthLabel(batch.month),
          payDate: formatDateJa(batch.payDate),
          balance: formatYen(item.balance),
          reason: item.status,
          minimum: formatYen(rules.payableFrom),
          needsAccount: item.status === 'blocked' || rules.withoutAccount.has(item.payee_id),
          url: `${baseUrl}${earningsPath(item.ambassador_id)}`,
        }),
        baseUrl,
      }),
    });
  }
  await enqueueMail(em, mails);
}
