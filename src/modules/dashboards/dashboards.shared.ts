// The dashboards' fixed shapes (browser-safe, no zod): how many weeks and months the charts show, the inquiry kinds
// and the approval queue's waiting-time buckets.

/** The admin dashboard's weekly charts: the current week and the 25 before it. */
export const DASHBOARD_WEEKS = 26;
/** The brand dashboard's monthly charts: the current month and the 11 before it. */
export const DASHBOARD_MONTHS = 12;
/** The brand dashboard's next dates. */
export const UPCOMING_EVENTS = 5;

/** contact: the /inquiry form; program: the brand and ambassador program inquiries. */
export const INQUIRY_KINDS = ['contact', 'program'] as const;
export type InquiryKind = (typeof INQUIRY_KINDS)[number];

/** Days since an experience was last submitted: under 1, 1–2, 3–6, 7–13, 14 or more. */
export const APPROVAL_WAIT_BUCKETS = ['under_1_day', '1_to_2_days', '3_to_6_days', '7_to_13_days', '14_days_or_more'] as const;
export type ApprovalWaitBucket = (typeof APPROVAL_WAIT_BUCKETS)[number];
