import { describe, expect, it } from 'vitest';
import { deviceFromUserAgent } from './account-sessions';

describe('deviceFromUserAgent', () => {
  it('names the system and the browser of common User-Agents', () => {
    expect(
      deviceFromUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('iPhone / Safari');
    expect(
      deviceFromUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
      ),
    ).toBe('Windows / Edge');
    expect(
      deviceFromUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      ),
    ).toBe('Android / Chrome');
    expect(deviceFromUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0')).toBe(
      'Mac / Firefox',
    );
  });

  it('keeps an unknown agent short and says nothing for none', () => {
    expect(deviceFromUserAgent('curl/8.5.0')).toBe('curl/8.5.0');
    expect(deviceFromUserAgent(undefined)).toBeNull();
  });
});
