// Zod-free constants of the inquiries (the subjects, the export's formats and kinds): the schemas, the entity and the CLI's
// option choices use these, and the CLI defines its options without loading zod. Isomorphic.
export const INQUIRY_SUBJECTS = ['franchise', 'branding', 'media', 'other'] as const;
export type InquirySubject = (typeof INQUIRY_SUBJECTS)[number];

export const EXPORT_FORMATS = ['csv', 'json', 'ndjson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** brand: the program inquiries (brand_and_ambassador_inquiries); contact: the general ones from /inquiry. */
export const EXPORT_KINDS = ['brand', 'contact'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
