// The built server keeps an idle connection open longer than the platform router does (server/boot.ts
// KEEP_ALIVE_MS): the router, and any client that pools connections, must be the side that closes an idle one, or a
// request sent on it just as the server closes it fails. The server says its idle timeout in every answer, and holds
// the connection 30 s beyond it (KEEP_ALIVE_BUFFER_MS, Node's own keepAliveTimeoutBuffer; not waited out here).
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sharedServer } from '#tests/e2e/browser';

describe('keep-alive', () => {
  it('keeps an idle connection 95 s, longer than the router’s 90 s, and says so', async () => {
    const headers = await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
      const req = request(`${sharedServer().baseUrl}/healthz`, { headers: { connection: 'keep-alive' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers));
      });
      req.on('error', reject);
      req.end();
    });
    expect(headers.connection).toBe('keep-alive');
    expect(headers['keep-alive']).toBe('timeout=95');
  });
});
