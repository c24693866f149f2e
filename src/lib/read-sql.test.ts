import { describe, expect, it } from 'vitest';
import { MAX_SHAPED_STATEMENTS, numberPlaceholders, readStatement, shapedStatement } from './read-sql';

describe('read statements (src/lib/read-sql.ts)', () => {
  it('numbers the ? placeholders in order and leaves a ? inside a quoted literal alone', () => {
    expect(numberPlaceholders("SELECT ? AS a, '?' AS q, 'it''s ?' AS s FROM t WHERE x = ?::int AND y = ?")).toBe(
      "SELECT $1 AS a, '?' AS q, 'it''s ?' AS s FROM t WHERE x = $2::int AND y = $3",
    );
  });

  it('names a fixed statement by its text: the same text the same name, another text another name', () => {
    const first = readStatement('SELECT ?');
    // sha1 of "SELECT $1", its first 20 hex digits.
    expect(first).toEqual({ name: 'read_4e7d8d957dbcae9913cd', text: 'SELECT $1' });
    expect(readStatement('SELECT ?')).toEqual(first);
    expect(readStatement('SELECT ? + 1').name).not.toBe(first.name);
  });

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
