import { describe, expect, it } from 'vitest';
import { type CardExperience, cardItemHtml } from './experience-card-html';

const card: CardExperience = {
  id: 7,
  title: '<b>藍染め</b> & "手ぬぐい"',
  images: [{ url: '/uploads/not-a-raster.svg' }],
  online: false,
  state: '徳島県',
  category_name: 'ものづくり・クラフト',
  price: 3800,
  hosted_by: "O'Neil 藍",
  review_count: 2,
  average_rate: 4.5,
};

describe('cardItemHtml', () => {
  it('writes the card with its texts escaped as React escapes them, and the heart after the link', () => {
    expect(cardItemHtml(card, { eager: true, headingLevel: 2 }, '<a class="heart"></a>')).toBe(
      '<li class="xcard-wrap"><a class="xcard" href="/stories/7" data-testid="experience-card" data-experience-id="7">' +
        '<div class="xcard__media"><img src="/uploads/not-a-raster.svg" sizes="(min-width: 1081px) 270px, (min-width: 768px) 33vw, 50vw" ' +
        'alt="" loading="eager" decoding="async" width="400" height="300"/><span class="xcard__place">徳島県</span></div>' +
        '<span class="xcard__category">ものづくり・クラフト</span>' +
        '<h2 class="xcard__title">&lt;b&gt;藍染め&lt;/b&gt; &amp; &quot;手ぬぐい&quot;</h2>' +
        '<span class="xcard__rating">4.5 レビュー（2件）</span><p class="xcard__price"><strong>¥3,800</strong>(税込) / 人</p>' +
        '<span class="xcard__host">O&#x27;Neil 藍</span></a><a class="heart"></a></li>',
    );
  });

  it("gives the photo the host's alt text, escaped, and keeps it empty without one (the link's texts name the card)", () => {
    const described = cardItemHtml({ ...card, images: [{ url: '/uploads/a.svg', alt: '藍甕に布を浸す "職人" の手元' }] }, {}, '');
    expect(described).toContain(' alt="藍甕に布を浸す &quot;職人&quot; の手元" ');
    for (const alt of [null, undefined])
      expect(cardItemHtml({ ...card, images: [{ url: '/uploads/a.svg', alt }] }, {}, '')).toContain(' alt="" ');
  });

  it('shows an online card without a photo or reviews as such, its title an h3 by default', () => {
    const html = cardItemHtml({ ...card, images: [], online: true, review_count: 0, average_rate: null }, {}, '');
    expect(html).toContain('<span class="xcard__noimage">画像なし</span><span class="xcard__place xcard__place--online">オンライン</span>');
    expect(html).toContain('<h3 class="xcard__title">');
    expect(html).not.toContain('xcard__rating');
    expect(html.endsWith('</a></li>')).toBe(true);
  });
});
