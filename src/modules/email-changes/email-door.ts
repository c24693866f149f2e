// What the e-mail change needs of an account, given by the module that owns it (users/user-email-door.ts,
// brand-members/brand-member-email-door.ts), so one service changes both kinds of address. Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EmailDoorKind } from './email-changes.entity';

export interface EmailDoor {
  kind: EmailDoorKind;
  /** The settings page of the account (the mails' links back). */
  settingsPath: string;
  /** The page that mails a password reset link. */
  resetPath: string;
  /**
   * How the mails about the account name it, the wording its password notice uses too (ja.account.mailAccount,
   * ja.brandAccount.mailAccount): a person with both kinds of account can tell which one changed.
   */
  mailAccount: { name: string; subject: (topic: string) => string };
  /** The account's address, or null when it no longer exists. */
  email(em: EntityManager, id: number): Promise<string | null>;
  /**
   * The name the mails to an account of this door greet (ja.mailFrame), found by its id or its address; null when
   * there is none (a brand member's account holds no name).
   */
  greetingName(em: EntityManager, account: { id: number } | { email: string }): Promise<string | null>;
  passwordMatches(em: EntityManager, id: number, password: string): Promise<boolean>;
  /** Whether another account of this door uses the address. */
  taken(em: EntityManager, email: string, exceptId: number): Promise<boolean>;
  /** Sets the address (a user's counts as verified from now on). */
  setEmail(em: EntityManager, id: number, email: string): Promise<void>;
  /**
   * After an undone change (a possible takeover): every session of the account ends, outstanding reset links are
   * voided and the password stops working, so only a reset mailed to the restored address lets anyone back in.
   */
  lockOut(em: EntityManager, id: number): Promise<void>;
}
