// Public slot reads (spec §7): an experience's slots in a window, and one slot by id.
import type { Services } from '#src/root';
import { publicCache } from '#src/lib/ttl-cache';
import { calendarJsonSchema, calendarsJsonSchema, calendarsQuerySchema } from '#src/modules/calendars/calendars.schemas';
import { route, sendJsonText, type ApiRoute } from '#server/api/route';
import { calendarsExample } from './calendars.examples';

const experiences = ['体験'];

export const calendarsRoutes: ApiRoute[] = [
  // ?from_date&to_date (yyyy-MM-dd, at most 93 days)
  route('get', '/experiences/:id/calendars', '体験の開催日程を取得する', experiences, 'optional', {
    query: calendarsQuerySchema,
    response: calendarsJsonSchema,
    example: calendarsExample,
    handler: (services) => {
      // Availability for guests (no reserved_calendar_ids) is shared for a few seconds at most.
      const windowCache = publicCache<Awaited<ReturnType<Services['calendars']['listForExperience']>>>(services.env.PUBLIC_CACHE_SECONDS);
      return async (req, res) => {
        const load = () => services.calendars.listForExperience(req.ctx, { ...req.query, id: req.params.id });
        const key = `${req.params.id}|${String(req.query.from_date ?? '')}|${String(req.query.to_date ?? '')}`;
        // The answer is JSON text already (PostgreSQL wrote the slots): sent as it is.
        sendJsonText(res, windowCache && !req.actor ? await windowCache.get(key, load) : await load());
      };
    },
  }),
  route('get', '/calendars/:id', '開催日程を取得する', experiences, 'none', {
    response: calendarJsonSchema,
    answer: (req, services) => services.calendars.get(req.ctx, req.params),
  }),
];
