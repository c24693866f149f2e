// Holding requests: a signed-in guest asks the host to open dates for an experience (once per experience). Browser-safe.
export interface HoldingRequestJson {
  id: number;
  experience_id: number;
  created_at: string;
  /** The success text the page shows (spec §7: 'holding request succeeded'). */
  message: string;
}
