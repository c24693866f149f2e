// Helpers of the e-mail change and verification tests: a real SMTP inbox and the links its mails carry.
import { expect } from 'vitest';
import type { TestApp } from '#tests/setup/test-app';
import type { Received } from '#tests/setup/smtp-inbox';

/** Sends what the outbox holds and returns the mails that arrived for `to` (newest last). */
export async function deliveredTo(t: TestApp, inbox: Received[], to: string): Promise<Received[]> {
  await t.services.mail.deliverDue();
  return inbox.filter((m) => m.to.includes(to));
}

/** The token of the newest delivered mail to `to` with a link that opens `path`. */
export async function linkToken(t: TestApp, inbox: Received[], to: string, path: string): Promise<string> {
  const mails = await deliveredTo(t, inbox, to);
  const pattern = new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([\\w-]+)`);
  const match = mails
    .map((m) => m.text.match(pattern))
    .filter((m) => m !== null)
    .at(-1);
  expect(match, `no ${path} link in the mails to ${to}`).toBeTruthy();
  return (match as RegExpMatchArray)[1];
}
