import { describe, expect, it } from 'vitest';
import { numberPlaceholders, readStatement } from './read-sql';

describe('read statements (src/lib/read-sql.ts)', () => {
  it('numbers the ? placeholders in order and leaves a ? inside a quoted literal alone', () => {
    expect(numberPlaceholders("SELECT ? AS a, '?' AS q, 'it''s ?' AS s FROM t WHERE x = ?::int AND y = ?")).toBe(
      "SELECT $1 AS a, '?' AS q, 'it''s ?' AS s FROM t WHERE x = $2::int AND y = $3",
    );
  });

  it('refuses one name for two different statements (PostgreSQL would refuse it per connection)', () => {
    const first = readStatement('read_sql_test', 'SELECT ?');
    expect(first).toEqual({ name: 'read_sql_test', text: 'SELECT $1' });
    expect(readStatement('read_sql_test', 'SELECT ?')).toEqual(first);
    expect(() => readStatement('read_sql_test', 'SELECT ? + 1')).toThrow(/declared twice/);
  });
});
