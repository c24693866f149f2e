// Field's counter as the server renders it (what the person sees before and after hydration): below the limit only
// the count; at the limit the spec's notice, styled as a notice on a valid control; over the limit (a text the field
// was given, longer than maxLength lets one type) the same words as an error, and the control is aria-invalid.
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type ControlProps, Field, type FieldProps } from './Field';

function field(value: string, messages?: string[]) {
  const props = { name: 'title', label: 'タイトル', max: 5, value, messages } as FieldProps;
  const control = (wiring: ControlProps) => h('input', { ...wiring, value, readOnly: true });
  // Field's child is a function of the control's wiring, not a node: createElement's types know only nodes.
  return renderToStaticMarkup(h(Field, props, control as unknown as ReactNode));
}

/** The counter's class and its inner markup. */
const counter = (html: string) => /<span class="([^"]*)" id="field-title-counter">((?:<span[^>]*>[^<]*<\/span>)*)<\/span>/.exec(html);
const input = (html: string) => /<input [^>]*>/.exec(html)?.[0] ?? '';

describe('Field with max', () => {
  it('shows only the count below the limit', () => {
    const html = field('あいうえ');
    expect(counter(html)?.[1]).toBe('field__counter');
    expect(counter(html)?.[2]).toBe('<span>4/5</span>');
    expect(input(html)).not.toContain('aria-invalid');
    expect(input(html)).toContain('maxLength="5"');
    expect(input(html)).toContain('aria-describedby="field-title-counter"');
  });

  it('shows the notice at the limit in the notice style, on a control that is not invalid', () => {
    const html = field('あいうえお');
    expect(counter(html)?.[1]).toBe('field__counter field__counter--notice');
    expect(counter(html)?.[2]).toBe('<span>5/5</span><span class="field__counter-notice">5文字以内で入力してください</span>');
    expect(input(html)).not.toContain('aria-invalid');
    expect(html).not.toContain('field__error');
  });

  it('shows the same words as an error over the limit, and marks the control invalid', () => {
    const html = field('あいうえおか');
    expect(counter(html)?.[1]).toBe('field__counter field__counter--error');
    expect(counter(html)?.[2]).toBe('<span>6/5</span><span class="field__counter-notice">5文字以内で入力してください</span>');
    expect(input(html)).toContain('aria-invalid="true"');
  });

  it('is invalid at the limit when a message says so', () => {
    const html = field('あいうえお', ['タイトルに使えない文字があります']);
    expect(counter(html)?.[1]).toBe('field__counter field__counter--notice');
    expect(input(html)).toContain('aria-invalid="true"');
    expect(input(html)).toContain('aria-describedby="field-title-counter field-title-error"');
    expect(html).toContain('<p class="field__error" id="field-title-error">タイトルに使えない文字があります</p>');
  });
});
