// Account numbers at rest: AES-256-GCM with BANK_ACCOUNT_KEY (32 bytes, hex or base64). Stored as
// `v1:<iv>:<tag>:<ciphertext>` (base64), a fresh 12-byte IV per value, so equal numbers never look alike. Without
// the key (development and tests only: parseEnv refuses production without it) a fixed key derived from a public
// phrase is used, which protects nothing and says so in its name. Server-only.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Env } from '#src/lib/env';

const DEVELOPMENT_ONLY_KEY = createHash('sha256').update('tabitoko development-only bank account key (not secret)').digest();

export function bankAccountKey(env: Pick<Env, 'BANK_ACCOUNT_KEY' | 'NODE_ENV'>): Buffer {
  if (env.BANK_ACCOUNT_KEY) {
    return /^[0-9a-fA-F]{64}$/.test(env.BANK_ACCOUNT_KEY)
      ? Buffer.from(env.BANK_ACCOUNT_KEY, 'hex')
      : Buffer.from(env.BANK_ACCOUNT_KEY, 'base64');
  }
  if (env.NODE_ENV === 'production') throw new Error('BANK_ACCOUNT_KEY is required in production');
  return DEVELOPMENT_ONLY_KEY;
}

export function encryptAccountNumber(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
}

/** The number back; throws when the value was altered or written with another key (GCM's tag). */
export function decryptAccountNumber(key: Buffer, stored: string): string {
  const [version, iv, tag, data] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('not an encrypted account number');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}

/** What screens show: '****567'. */
export function maskAccountNumber(last3: string): string {
  return `****${last3}`;
}
