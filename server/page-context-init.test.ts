import { describe, expect, it } from 'vitest';
import { PAGE_CONTEXT_DEFAULTS } from './page-context-init';

describe('PAGE_CONTEXT_DEFAULTS', () => {
  it('carries _pageId as a plain own property, so Vike defines no getter of that name', () => {
    const init = { ...PAGE_CONTEXT_DEFAULTS, urlOriginal: '/stories/1' };
    expect('_pageId' in init).toBe(true);
    expect(Object.getOwnPropertyDescriptor(init, '_pageId')).toEqual({
      value: undefined,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  });
});
