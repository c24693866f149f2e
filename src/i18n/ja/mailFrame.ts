import { site } from './site';

/**
 * The frame of every mail to a person (src/modules/mail/mail.frame.ts puts it around a mail's body): the greeting
 * of its reader by name, and the signature that ends it, the site's name and address.
 */
export const mailFrame = {
  greeting: (name: string) => `${name} 様`,
  signature: (baseUrl: string) => `--\n${site.name}\n${baseUrl}`,
} as const;
