// https://vike.dev/data — the completion text needs the flag set by a sent inquiry, consumed here (once).
import type { PageContextServer } from 'vike/types';
import { BRAND_INQUIRY_FLAG } from '#src/modules/inquiries/inquiries.schemas';

export function data(pageContext: PageContextServer) {
  return { completed: pageContext.request.consumeCompletion(BRAND_INQUIRY_FLAG) };
}

export type Data = ReturnType<typeof data>;
