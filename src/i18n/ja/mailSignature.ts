import { site } from './site';

/** The signature that ends the site's mails to people (the reservation mails end the same way): its name and address. */
export const mailSignature = {
  text: (baseUrl: string) => `--\n${site.name}\n${baseUrl}`,
} as const;
