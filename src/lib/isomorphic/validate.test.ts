import { describe, expect, it } from 'vitest';
import { requiredText } from './validate';

/** The messages a schema gives a value (none: accepted). */
function messages(schema: ReturnType<typeof requiredText>, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('requiredText', () => {
  const oneLine = requiredText('説明を入力してください', '説明は20文字以内で入力してください', 20);
  const multiLine = requiredText('説明を入力してください', '説明は20文字以内で入力してください', 20, { multiLine: true });

  it('takes a text one can see, on one line or several', () => {
    expect(messages(oneLine, '  木の椅子  ')).toEqual([]);
    expect(messages(multiLine, '一行目\n二行目')).toEqual([]);
  });

  it('refuses a text of invisible characters only as an empty one, with one message', () => {
    expect(messages(oneLine, '')).toEqual(['説明を入力してください']);
    expect(messages(oneLine, '\u200B\u3000\u2060')).toEqual(['説明を入力してください']);
    expect(messages(multiLine, '\u200B\n\u200B')).toEqual(['説明を入力してください']);
    expect(messages(multiLine, '\u202E')).toEqual(['説明を入力してください']);
  });

  it("leaves a one-line text the one-line rule refuses to that rule's message alone", () => {
    expect(messages(oneLine, '\u202E')).toEqual(['改行や制御文字は使えません']);
    expect(messages(oneLine, 'a\r\nb')).toEqual(['改行や制御文字は使えません']);
  });
});
