import { describe, expect, it } from 'vitest';
import { canAddVisibleItem, communityFormSchema } from './communities.schemas';
import {
  answerError,
  buildBirthday,
  checkAnswers,
  communityApplicationSchema,
} from '#src/modules/communities/community-application.schemas';
import { toHalfWidthDigits } from '#src/lib/isomorphic/validate';

const items = [
  { id: 1, name: '参加の動機', required: true, disabled: false },
  { id: 2, name: '得意なこと', required: false, disabled: false },
  { id: 3, name: '古い質問', required: true, disabled: true },
];
const a = (id: number, content: string) => ({ community_application_question_id: id, content });

describe('checkAnswers', () => {
  it('keeps trimmed answers in item order and drops blank optional ones', () => {
    expect(checkAnswers(items, [a(2, '  '), a(1, ' 学びたい ')])).toEqual({
      errors: [],
      answers: [{ questionId: 1, content: '学びたい' }],
    });
  });

  it('requires required visible items only', () => {
    expect(checkAnswers(items, []).errors).toEqual(['「参加の動機」を入力してください']);
  });

  it('refuses hidden items, unknown items and duplicates, each message once', () => {
    const { errors } = checkAnswers(items, [a(1, 'x'), a(1, 'y'), a(3, 'z'), a(99, 'w'), a(98, 'v')]);
    expect(errors).toEqual([
      '同じ質問への回答が重複しています',
      '現在受け付けていない質問への回答が含まれています',
      '申し込み先のコミュニティにない質問への回答が含まれています',
    ]);
  });

  it('limits the length of an answer', () => {
    expect(checkAnswers(items, [a(1, 'あ'.repeat(2001))]).errors).toEqual(['「参加の動機」は2000文字以内で入力してください']);
  });
});

describe('birthday', () => {
  it('is built zero-padded from the selectors, or empty when one is missing', () => {
    expect(buildBirthday('1990', '4', '5')).toBe('1990-04-05');
    expect(buildBirthday(1990, 12, 31)).toBe('1990-12-31');
    expect(buildBirthday('1990', '', '5')).toBe('');
  });

  it('must be a real date between 1923 and 2023', () => {
    const parse = (birthday: string) => communityApplicationSchema.shape.birthday.safeParse(birthday).success;
    expect(parse('1923-01-01')).toBe(true);
    expect(parse('2023-12-31')).toBe(true);
    expect(parse('2000-02-29')).toBe(true);
    expect(parse('2001-02-29')).toBe(false);
    expect(parse('1922-12-31')).toBe(false);
    expect(parse('2024-01-01')).toBe(false);
  });
});

describe('postal code', () => {
  it('takes full-width digits as ASCII, accepts a hyphen after the third digit, refuses letters', () => {
    expect(toHalfWidthDigits('１５００００１')).toBe('1500001');
    const parse = (v: string) => communityApplicationSchema.shape.postal_code.safeParse(v);
    expect(parse('１５００００１').data).toBe('1500001');
    expect(parse('060-0042').data).toBe('0600042');
    expect(parse('０６０－００４２').data).toBe('0600042');
    expect(parse('〒060ー0042 ').data).toBe('0600042');
    expect(parse('0600-042').success).toBe(false);
    expect(parse('060--0042').success).toBe(false);
    expect(parse('060-004').success).toBe(false);
    expect(parse('15OOOO1').success).toBe(false);
  });
});

describe('answerError (the one rule of the form and of checkAnswers)', () => {
  const item = { name: '参加の動機', required: true };
  it('requires a required item, lets an optional one be blank, limits the length', () => {
    expect(answerError(item, '')).toBe('「参加の動機」を入力してください');
    expect(answerError({ ...item, required: false }, '')).toBeNull();
    expect(answerError(item, 'あ'.repeat(2000))).toBeNull();
    expect(answerError(item, 'あ'.repeat(2001))).toBe('「参加の動機」は2000文字以内で入力してください');
    // An emoji is one character, as the form's counter shows it.
    expect(answerError(item, '🌲'.repeat(2000))).toBeNull();
    expect(answerError(item, '🌲'.repeat(2001))).toBe('「参加の動機」は2000文字以内で入力してください');
  });
  it('gives checkAnswers the same message for the same item', () => {
    const items = [{ id: 1, name: '参加の動機', required: true, disabled: false }];
    expect(checkAnswers(items, [a(1, 'あ'.repeat(2001))]).errors).toEqual([answerError(item, 'あ'.repeat(2001))]);
    expect(checkAnswers(items, []).errors).toEqual([answerError(item, '')]);
  });
});

describe('the cap of 10 application items (one rule for the form and the server)', () => {
  const item = (n: number, disabled = false) => ({ name: `質問${n}`, required: false, disabled });
  const visible = (n: number) => Array.from({ length: n }, (_, i) => item(i + 1));

  it('counts visible items only: with 9 visible and any number hidden, one more may be added or shown again', () => {
    expect(canAddVisibleItem([...visible(9), item(10, true), item(11, true)])).toBe(true);
    expect(canAddVisibleItem([...visible(10), item(11, true)])).toBe(false);
    expect(canAddVisibleItem(visible(10))).toBe(false);
    expect(canAddVisibleItem([])).toBe(true);
  });

  it('stops at 50 items in all (visible and hidden), the bound of one request', () => {
    expect(canAddVisibleItem([...visible(1), ...Array.from({ length: 49 }, (_, i) => item(i + 2, true))])).toBe(false);
  });

  it('is what the server accepts: 10 visible and one hidden pass, 11 visible do not', () => {
    const form = (items: ReturnType<typeof item>[]) => communityFormSchema.shape.application_items.safeParse(items);
    expect(form([...visible(10), item(11, true)]).success).toBe(true);
    const refused = form(visible(11));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toBe('申し込み項目は10件までです');
  });
});
