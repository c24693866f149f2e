import { describe, expect, it } from 'vitest';
import { MAX_SHAPED_STATEMENTS, shapedStatement } from './search-statements';

describe('the search statements', () => {
  it('names a run-time statement by its text, and runs texts past the cap unnamed', () => {
    const a = shapedStatement('SELECT ? AS shaped_a');
    expect(a.text).toBe('SELECT $1 AS shaped_a');
    expect(a.name).toMatch(/^shaped_[0-9a-f]{20}$/);
    expect(shapedStatement('SELECT ? AS shaped_a')).toEqual(a);
    const b = shapedStatement('SELECT ? AS shaped_b');
    expect(b.name).toMatch(/^shaped_/);
    expect(b.name).not.toBe(a.name);
    for (let i = 0; i < MAX_SHAPED_STATEMENTS; i++) shapedStatement(`SELECT ${i} AS fill`);
    expect(shapedStatement('SELECT ? AS one_too_many')).toEqual({ name: undefined, text: 'SELECT $1 AS one_too_many' });
    // A text prepared before the cap was reached keeps its name.
    expect(shapedStatement('SELECT ? AS shaped_a')).toEqual(a);
  });
});
