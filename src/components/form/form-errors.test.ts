import { describe, expect, it } from 'vitest';
import * as ja from '#src/i18n/ja';
import { ApiError } from '#src/lib/isomorphic/api-client';
import { allMessages, counterState, firstMessage, formValues, imageListMessages, messagesUnder, toFieldMessages } from './form-errors';

describe('toFieldMessages', () => {
  it("keeps the server's messages map", () => {
    const error = new ApiError(422, 'x', { email: ['メールアドレスの形式が正しくありません'], base: ['入力内容を確認してください'] });
    expect(toFieldMessages(error)).toEqual({ email: ['メールアドレスの形式が正しくありません'], base: ['入力内容を確認してください'] });
  });

  it('drops empty lists, and falls back to the message under base when no field has one', () => {
    expect(toFieldMessages(new ApiError(401, 'ログインしてください', { email: [] }))).toEqual({ base: ['ログインしてください'] });
    expect(toFieldMessages(new ApiError(502, ''))).toEqual({ base: [ja.common.unexpectedError] });
  });

  it('says network error for a failed fetch and unexpected error for anything else', () => {
    expect(toFieldMessages(new ApiError(0, 'whatever'))).toEqual({ base: [ja.common.networkError] });
    expect(toFieldMessages(new TypeError('boom'))).toEqual({ base: [ja.common.unexpectedError] });
    expect(toFieldMessages('string')).toEqual({ base: [ja.common.unexpectedError] });
  });
});

describe('firstMessage / allMessages / messagesUnder', () => {
  it('alerts base first, otherwise the first field in order', () => {
    expect(firstMessage({ name: ['a'], base: ['b'] })).toBe('b');
    expect(firstMessage({ name: [], email: ['c', 'd'] })).toBe('c');
    expect(firstMessage({})).toBeNull();
  });

  it('lists each message once and picks a field with its sub-fields', () => {
    expect(allMessages({ a: ['x', 'y'], b: ['x'] })).toEqual(['x', 'y']);
    expect(messagesUnder({ options: ['o'], 'options.0.name': ['n'], optionsX: ['no'] }, 'options')).toEqual(['o', 'n']);
  });
});

describe('counterState', () => {
  it('shows the notice at the limit (valid) and over it (refused), never below', () => {
    expect(counterState('あいう', 4)).toEqual({ count: 3, max: 4, state: 'under', notice: null });
    expect(counterState('あいうえ', 4)).toEqual({ count: 4, max: 4, state: 'limit', notice: '4文字以内で入力してください' });
    expect(counterState('あいうえお', 4)).toEqual({ count: 5, max: 4, state: 'over', notice: '4文字以内で入力してください' });
    expect(counterState('', 40).notice).toBeNull();
  });

  it('counts as the server does: an emoji is one character', () => {
    expect(counterState('😀', 2)).toEqual({ count: 1, max: 2, state: 'under', notice: null });
    expect(counterState('😀😀', 2).state).toBe('limit');
  });
});

describe('formValues', () => {
  it('gives strings, arrays for repeated names, and leaves files out', () => {
    const data = new FormData();
    data.append('name', '山田');
    data.append('themes', '1');
    data.append('themes', '2');
    data.append('file', new Blob(['x']), 'x.txt');
    expect(formValues(data)).toEqual({ name: '山田', themes: ['1', '2'] });
  });
});

describe('imageListMessages', () => {
  it("keeps the photo list's messages and leaves each photo's text's to its own field", () => {
    const messages = {
      images: ['写真は3枚までです'],
      'images.1.url': ['写真の指定が正しくありません'],
      'images.0.alt': ['写真の説明は120文字以内で入力してください'],
      name: ['名前を入力してください'],
    };
    expect(imageListMessages(messages)).toEqual(['写真は3枚までです', '写真の指定が正しくありません']);
  });
});
