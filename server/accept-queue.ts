// How many connections wait in the kernel's accept queue of a listening server (Linux: /proc/net/tcp{,6}, the
// rx_queue of the listening socket, found by its inode). null where that cannot be read (another OS, no /proc).
// Used by the graceful shutdown: a connection in that queue has been established by the kernel and
// its request already sent, so the listener must not close before node has accepted it.
import { readFileSync, readlinkSync } from 'node:fs';
import type { Server } from 'node:net';

function listeningInode(server: Server): string | null {
  const fd = (server as unknown as { _handle?: { fd?: number } })._handle?.fd;
  if (typeof fd !== 'number' || fd < 0) return null;
  try {
    return /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`))?.[1] ?? null;
  } catch {
    return null;
  }
}

export function acceptQueueLength(server: Server): number | null {
  const inode = listeningInode(server);
  if (!inode) return null;
  for (const file of ['/proc/net/tcp6', '/proc/net/tcp']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local rem st tx_queue:rx_queue tr:when retrnsmt uid timeout inode …
      const fields = line.trim().split(/\s+/);
      if (fields[9] !== inode) continue;
      const rx = fields[4]?.split(':')[1];
      return rx ? Number.parseInt(rx, 16) : null;
    }
  }
  return null;
}
