// The rating stars against the backgrounds they are drawn on, computed from the stylesheets themselves: WCAG 1.4.11
// asks 3:1 of a graphic that carries meaning, for the filled star and the empty one alike. Wherever stars are drawn:
// the stars of a rating and a review (stars.css), the card's star (experience-card.css) and the review form's input.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Stars } from '#src/components/Stars';
import { projectRoot } from '#tests/setup/source-files';

const stylesheet = (file: string) => readFileSync(path.join(projectRoot, file), 'utf8');

/** The value of `property` in the rule written for exactly `selector` in `css`. */
function declared(css: string, selector: string, property: string): string {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const rule = new RegExp(`(?:^|[}\\n])\\s*${escaped}\\s*\\{([^}]*)\\}`).exec(css);
  if (!rule) throw new Error(`no rule for ${selector}`);
  const value = new RegExp(`(?:^|[;{\\s])${property}\\s*:\\s*([^;]+);`).exec(rule[1]);
  if (!value) throw new Error(`${selector} sets no ${property}`);
  return value[1].trim();
}

const tokens = stylesheet('src/components/global.css');

/** A colour as written, with `var(--x)` read from global.css's :root. */
function colour(value: string): string {
  const token = /^var\((--[\w-]+)\)$/.exec(value);
  return token ? colour(declared(tokens, ':root', token[1])) : value;
}

/** WCAG 2's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

describe('the contrast helper', () => {
  it('gives the ratios WCAG states', () => {
    expect(contrast('#000000', '#ffffff')).toBe(21);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
    // The lightest grey with 4.5:1 on white, the usual example.
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});

describe('the rating stars', () => {
  const stars = stylesheet('src/components/stars.css');
  const card = stylesheet('src/components/experience-card.css');
  const input = stylesheet('pages/reservations/@id/review/review-form.css');
  const drawn = {
    'a filled star': declared(stars, '.stars__star--on', 'color'),
    'an empty star': declared(stars, '.stars__star', 'color'),
    "a card's star": declared(card, '.xcard__rating::before', 'color'),
    "the review form's chosen star": declared(input, '.star-input__star--on', 'color'),
    "the review form's other stars": declared(input, '.star-input__star', 'color'),
  };
  // Reviews and ratings sit on the page and on panels; the cards on the page.
  const backgrounds = { page: declared(tokens, ':root', '--color-bg'), surface: declared(tokens, ':root', '--color-surface') };

  it('are in the colours of global.css: the amber star and the warm grey one', () => {
    expect(Object.values(drawn).map(colour)).toEqual(['#a36200', '#8c8279', '#a36200', '#a36200', '#8c8279']);
    expect(backgrounds).toEqual({ page: '#fbf8f4', surface: '#ffffff' });
  });

  it('each have at least 3:1 against every background they are drawn on', () => {
    const ratios = Object.entries(drawn).flatMap(([what, value]) =>
      Object.entries(backgrounds).map(([on, background]) => ({ what, on, ratio: Number(contrast(colour(value), background).toFixed(2)) })),
    );
    expect(ratios.filter((r) => r.ratio < 3)).toEqual([]);
    expect(ratios.find((r) => r.what === 'an empty star' && r.on === 'page')?.ratio).toBe(3.55);
    expect(ratios.find((r) => r.what === 'a filled star' && r.on === 'page')?.ratio).toBe(4.61);
  });

  it('tell filled from empty by their shape: a solid star and an outline', () => {
    const html = renderToStaticMarkup(createElement(Stars, { rate: 3.7 }));
    expect(html).toContain('data-filled="3"');
    expect([...html.matchAll(/<span class="([^"]+)" aria-hidden="true">(.)<\/span>/g)].map((m) => `${m[1]} ${m[2]}`)).toEqual([
      'stars__star stars__star--on ★',
      'stars__star stars__star--on ★',
      'stars__star stars__star--on ★',
      'stars__star ☆',
      'stars__star ☆',
    ]);
  });
});
