// https://vike.dev/data — the experience's first window of slots; the page loads later windows while scrolling.
import type { PageContextServer } from 'vike/types';
import { loadOr404, routeId } from '#src/lib/isomorphic/page-helpers';
import { siteOrigin } from '#src/components/seo';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const id = routeId(pageContext);
  const experience = await loadOr404(() => services.experiences.detail(ctx, { id }));
  const calendars = await services.calendars.upcoming(ctx, { id });
  return {
    experience: { id: experience.id, title: experience.title, price: experience.price, approve: experience.approve },
    calendars,
    origin: siteOrigin(services.env),
    now: Date.now(),
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
