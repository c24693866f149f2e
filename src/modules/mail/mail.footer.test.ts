// The footer rule and its place: which line each reader gets, and that the 「--」 signature stays the end of the mail.
import { describe, expect, it } from 'vitest';
import { footerLineOf, withFooter } from './mail.footer';

const BASE = 'https://tabitoko.example';

describe('footerLineOf', () => {
  it('picks the line from who reads the mail and what it is', () => {
    expect(footerLineOf(null)).toBeNull();
    expect(footerLineOf('user')).toBe('user');
    expect(footerLineOf('brand')).toBe('brand');
    expect(footerLineOf({ account: 'user', kind: 'notice' })).toBe('user');
    expect(footerLineOf({ account: 'user', kind: 'security' })).toBe('user_security');
    expect(footerLineOf({ account: 'brand', kind: 'security' })).toBe('brand_security');
    expect(footerLineOf({ account: 'user', kind: 'access' })).toBeNull();
    expect(footerLineOf({ account: 'brand', kind: 'access' })).toBeNull();
    expect(footerLineOf({ account: 'brand', canSignIn: true })).toBe('brand');
    expect(footerLineOf({ account: 'brand', canSignIn: false })).toBeNull();
    expect(footerLineOf({ account: 'brand', kind: 'security', canSignIn: false })).toBeNull();
  });
});

describe('withFooter', () => {
  it('puts the line before the signature, which stays the end of the mail', () => {
    expect(withFooter('本文です。\n\n--\nたびとこ\nhttps://tabitoko.example\n', 'user', BASE)).toBe(
      '本文です。\n\nお知らせメールの設定・アカウントの設定: https://tabitoko.example/account\n\n--\nたびとこ\nhttps://tabitoko.example\n',
    );
    expect(withFooter('本文です。\n--\nたびとこ', 'brand_security', BASE)).toBe(
      [
        '本文です。',
        '',
        'このメールは、アカウントの安全のためにお送りしているお知らせです。配信を停止することはできません。',
        'アカウントの状態（ログイン中の端末など）の確認: https://tabitoko.example/brand/account',
        '',
        '--',
        'たびとこ',
        '',
      ].join('\n'),
    );
  });

  it('ends a text without a signature with the line, and leaves a text without a line as written', () => {
    expect(withFooter('本文です。\n\n', 'brand', BASE)).toBe('本文です。\n\nアカウントの設定: https://tabitoko.example/brand/account\n');
    expect(withFooter('本文です。\n\n--\nたびとこ\n', null, BASE)).toBe('本文です。\n\n--\nたびとこ\n');
  });

  it('takes only the last 「--」 with a short block after it for the signature, not one inside a quoted message', () => {
    const quoted = ['メッセージが届きました。', '', '--', '1行目', '2行目', '3行目', '4行目'].join('\n');
    expect(withFooter(quoted, 'user', BASE)).toBe(
      `${quoted}\n\nお知らせメールの設定・アカウントの設定: https://tabitoko.example/account\n`,
    );
    const signed = `${quoted}\n\n--\nたびとこ\n`;
    expect(withFooter(signed, 'user', BASE)).toBe(
      `${quoted}\n\nお知らせメールの設定・アカウントの設定: https://tabitoko.example/account\n\n--\nたびとこ\n`,
    );
  });
});
