// What the server sends, before anything happens in the browser: every live region is already there (empty), so that
// the text put into it later is read out (src/components/LiveRegion.tsx), and the キャンセル待ち titles are headings
// at their level in the page's outline.
import { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SlotJson } from '#src/modules/calendars/calendars.schemas';
import type { WaitlistEntryJson } from '#src/modules/reservations/waitlist.schemas';
import { WaitlistSection } from '#pages/reservations/index/WaitlistSection';
import { WaitlistPanel } from '#pages/stories/@id/index/WaitlistPanel';
import { ActionNotice } from './admin/useAction';
import { ListFilters } from './admin/ListFilters';
import { LiveRegion } from './LiveRegion';
import { WaitlistEntries } from './WaitlistEntries';

const html = (element: ReactElement) => renderToStaticMarkup(element);

/** The headings of `markup` in their order: level and text. */
function headings(markup: string): string[] {
  return [...markup.matchAll(/<h([1-6])\b[^>]*>(.*?)<\/h\1>/g)].map((m) => `h${m[1]} ${m[2].replace(/<[^>]+>/g, '')}`);
}

describe('live regions', () => {
  it('are rendered empty before their text, as a role=status element of the tag asked for', () => {
    expect(html(h(LiveRegion, null))).toBe('<div role="status"></div>');
    expect(html(h(LiveRegion, { as: 'span', className: 'share__notice', testId: 'share-notice' }, ''))).toBe(
      '<span role="status" class="share__notice" data-testid="share-notice"></span>',
    );
  });

  it("keep an admin action's notice in a region that is there before the first action", () => {
    expect(html(h(ActionNotice, { notice: null, testId: 'approval-notice' }))).toBe('<div role="status"></div>');
    expect(html(h(ActionNotice, { notice: { kind: 'error', text: '承認できませんでした' }, testId: 'approval-notice' }))).toBe(
      '<div role="status"><p class="alert alert--error" data-testid="approval-notice">承認できませんでした</p></div>',
    );
  });

  it("keep a list's count in a region that is there while the list loads", () => {
    const filters = (meta: { total_count: number } | null) =>
      html(h(ListFilters, { action: '/admin/coupons', fields: [], search: {}, meta }));
    expect(filters(null)).toContain('<p role="status" class="admin-filters__count" data-testid="list-count"></p>');
    expect(filters({ total_count: 1234 })).toContain('<p role="status" class="admin-filters__count" data-testid="list-count">1,234件</p>');
  });
});

const entry: WaitlistEntryJson = {
  id: 11,
  calendar_id: 21,
  tour_id: 5,
  title: '満席の陶芸体験',
  date: '2031-05-06',
  start_time: '10:00',
  end_time: '12:00',
  number_of_people: 2,
  status: 'waiting',
  position: 1,
  offer: null,
  created_at: '2031-04-01T00:00:00.000Z',
};

describe('キャンセル待ち', () => {
  it("names each entry's experience in an h3 under the section's h2 on /reservations", () => {
    const section = html(h(WaitlistSection, { initial: [entry, { ...entry, id: 12, tour_id: 6, title: '藍染め' }] }));
    expect(headings(section)).toEqual(['h2 キャンセル待ち', 'h3 満席の陶芸体験', 'h3 藍染め']);
    expect(section).toContain('<h3 class="waitlist-entry__title"><a href="/stories/5">満席の陶芸体験</a></h3>');
  });

  it('has no entry headings where the entries need no title (the experience page)', () => {
    expect(headings(html(h(WaitlistEntries, { entries: [entry], showTitle: false, onChange: () => {} })))).toEqual([]);
  });

  it("titles the experience page's panel with an h3 under the schedule's h2, and has its region before any answer", () => {
    const full: SlotJson = {
      id: 21,
      date: '2031-05-06',
      start_time: '10:00',
      end_time: '12:00',
      recruitment_number: 4,
      participant_number: 4,
      accepting_reservation: true,
      reservation_deadline_at: '2031-05-05T15:00:00.000Z',
    };
    const panel = html(
      h(WaitlistPanel, {
        experienceId: 5,
        price: 3000,
        calendars: [full],
        signedIn: true,
        now: Date.parse('2031-05-01T00:00:00Z'),
      }),
    );
    expect(headings(panel)).toEqual(['h3 キャンセル待ち']);
    expect(panel).toContain('<div role="status"></div>');
  });
});
