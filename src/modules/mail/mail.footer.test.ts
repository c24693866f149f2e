// The footer rule and its place: which line each reader gets, and that the frame's signature stays the end of the mail.
import { describe, expect, it } from 'vitest';
import { footerLineOf, withFooter } from './mail.footer';
import { mailText } from './mail.frame';

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
    const text = mailText({ name: '山田 花子', body: ['本文です。'], baseUrl: BASE });
    expect(withFooter(text, 'user', BASE)).toBe(
      '山田 花子 様\n\n本文です。\n\nお知らせメールの設定・アカウントの設定: https://tabitoko.example/account\n\n--\nたびとこ\nhttps://tabitoko.example\n',
    );
    expect(withFooter(mailText({ name: null, body: ['本文です。'], baseUrl: BASE }), 'brand_security', BASE)).toBe(
      [
        '本文です。',
        '',
        'このメールは、アカウントの安全のためにお送りしているお知らせです。配信を停止することはできません。',
        'アカウントの状態（ログイン中の端末など）の確認: https://tabitoko.example/brand/account',
        '',
        '--',
        'たびとこ',
        'https://tabitoko.example',
        '',
      ].join('\n'),
    );
  });

  it('leaves a text without a line as written', () => {
    const text = mailText({ name: null, body: ['本文です。'], baseUrl: BASE });
    expect(withFooter(text, null, BASE)).toBe(text);
    expect(withFooter('運営者あての本文です。', null, BASE)).toBe('運営者あての本文です。');
  });

  it('refuses a text with a line that the frame did not build', () => {
    expect(() => withFooter('本文です。\n\n--\nたびとこ\n', 'user', BASE)).toThrow(/signature/);
  });
});
