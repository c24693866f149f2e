import { describe, expect, it } from 'vitest';
import { maxLengthFor, textLength } from './text-length';

describe('textLength', () => {
  it('counts characters as the server does: an emoji is one, a joined emoji its code points', () => {
    expect(textLength('')).toBe(0);
    expect(textLength('あいう')).toBe(3);
    expect(textLength('😀')).toBe(1);
    expect(textLength('任意の回答🌲')).toBe(6);
    expect(textLength('👍🏽')).toBe(2);
    expect(textLength('\ud800x')).toBe(2);
  });
});

describe('maxLengthFor', () => {
  it('gives the UTF-16 units that hold max characters after the text typed so far', () => {
    expect(maxLengthFor('', 40)).toBe(40);
    expect(maxLengthFor('あい', 40)).toBe(40);
    expect(maxLengthFor('😀😀', 40)).toBe(42);
  });
});
