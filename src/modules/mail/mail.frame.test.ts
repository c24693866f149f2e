// The one frame of a mail to a person: the greeting, the body and the signature, and the footer's place before it.
import { describe, expect, it } from 'vitest';
import { beforeSignature, isFramed, mailText } from './mail.frame';

const BASE = 'https://tabitoko.example';

describe('mailText', () => {
  it('greets the reader by name with a space before 様, then the body, then the signature', () => {
    expect(mailText({ name: '山田 花子', body: ['ご予約が確定しました。', '', '■ 予約番号: 12'], baseUrl: BASE })).toBe(
      '山田 花子 様\n\nご予約が確定しました。\n\n■ 予約番号: 12\n\n--\nたびとこ\nhttps://tabitoko.example\n',
    );
  });

  it('writes no greeting for an address with no known name', () => {
    expect(mailText({ name: null, body: ['招待されました。'], baseUrl: BASE })).toBe(
      '招待されました。\n\n--\nたびとこ\nhttps://tabitoko.example\n',
    );
  });

  it('leaves out null lines, blank lines at the ends and a second blank line in a row', () => {
    expect(mailText({ name: '山田 花子', body: ['', '一行目', null, '', null, '', '二行目', ''], baseUrl: BASE })).toBe(
      '山田 花子 様\n\n一行目\n\n二行目\n\n--\nたびとこ\nhttps://tabitoko.example\n',
    );
  });

  it('keeps the line breaks inside a line (a block such as a schedule or a message)', () => {
    expect(mailText({ name: null, body: ['■ 日程:\n  2026年12月12日(土) 09:00〜11:00'], baseUrl: BASE })).toBe(
      '■ 日程:\n  2026年12月12日(土) 09:00〜11:00\n\n--\nたびとこ\nhttps://tabitoko.example\n',
    );
  });
});

describe('isFramed', () => {
  it('is true only for a text ending with the signature of the same base URL', () => {
    const text = mailText({ name: '山田 花子', body: ['本文です。'], baseUrl: BASE });
    expect(isFramed(text, BASE)).toBe(true);
    expect(isFramed(text, 'http://localhost:3000')).toBe(false);
    expect(isFramed('本文です。\n\n--\nたびとこ\n', BASE)).toBe(false);
    expect(isFramed('本文です。', BASE)).toBe(false);
  });
});

describe('beforeSignature', () => {
  it('puts a block between the body and the signature, which stays the end', () => {
    const text = mailText({ name: '山田 花子', body: ['本文です。'], baseUrl: BASE });
    expect(beforeSignature(text, '設定: https://tabitoko.example/account', BASE)).toBe(
      '山田 花子 様\n\n本文です。\n\n設定: https://tabitoko.example/account\n\n--\nたびとこ\nhttps://tabitoko.example\n',
    );
  });

  it('finds the signature at the end, not a 「--」 line inside a quoted message', () => {
    const text = mailText({ name: null, body: ['メッセージが届きました。', '--\nたびとこ\nhttps://tabitoko.example'], baseUrl: BASE });
    expect(beforeSignature(text, '設定', BASE)).toBe(
      'メッセージが届きました。\n--\nたびとこ\nhttps://tabitoko.example\n\n設定\n\n--\nたびとこ\nhttps://tabitoko.example\n',
    );
  });

  it('refuses a text the frame did not build', () => {
    expect(() => beforeSignature('本文です。\n\n--\nたびとこ\n', '設定', BASE)).toThrow(/signature/);
  });
});
