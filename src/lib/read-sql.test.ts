import { describe, expect, it } from 'vitest';
import { numberPlaceholders, readStatement } from './read-sql';

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
});
