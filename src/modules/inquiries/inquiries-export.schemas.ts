// The inquiry export's filters (CLI export-inquiries; an admin download could take the same input). Browser-safe.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { isValidYmd } from '#src/lib/isomorphic/dates';
import { EXPORT_KINDS, INQUIRY_SUBJECTS } from './inquiries.shared';
import type { InputOf } from '#src/lib/isomorphic/validate';

const t = ja.inquiryExport;

const ymd = (message: string) => z.string({ error: message }).refine(isValidYmd, { error: message }).optional();

export const inquiryExportSchema = z
  .object({
    kind: z.enum(EXPORT_KINDS, { error: ja.lists.exportKindInvalid }).default('brand'),
    /** First day (Japan time), inclusive. */
    since: ymd(t.sinceInvalid),
    /** Last day (Japan time), inclusive. */
    until: ymd(t.untilInvalid),
    /** Only resolved (true) or only unresolved (false); both when absent. */
    resolved: z.boolean({ error: t.resolvedInvalid }).optional(),
    subject: z.enum(INQUIRY_SUBJECTS, { error: ja.inquiries.validation.subjectRequired }).optional(),
  })
  .refine((q) => !q.since || !q.until || q.since <= q.until, { error: t.rangeOrder, path: ['until'] })
  .refine((q) => q.kind === 'brand' || q.subject === undefined, { error: ja.lists.exportSubjectWithContact, path: ['subject'] });
export type InquiryExportInput = InputOf<typeof inquiryExportSchema>;

export type InquiryExportQuery = z.infer<typeof inquiryExportSchema>;
