// Page renders take turns, one per turn of the event loop.
//
// A render costs the server's one JavaScript thread several milliseconds. Node's event loop accepts at most one new
// connection per turn (libuv accepts one and waits for the next poll to report the listening socket again), and
// without turns a busy loop ran every render whose data had arrived in one poll phase, back to back: a turn took
// tens to hundreds of milliseconds, so a burst of new visitors waited seconds to be accepted at all, while connections
// already open were served every turn. With turns, a render waits in a first-come queue and runs in the loop's check
// phase (setImmediate), one per turn, and between two renders the loop accepts a connection, reads what its sockets
// received and queues the renders whose data arrived; nothing is served in a different order than it became ready.
// server/vike.ts takes a turn before each render starts, and server/page-services.ts after each data read a page's
// hook awaits, so the render itself (which follows the read) also starts in a turn of its own.

const waiting: (() => void)[] = [];
let scheduled = false;

/** Resolves the first waiter; the next one gets the next turn of the loop. */
function grantOne(): void {
  const next = waiting.shift();
  if (waiting.length > 0) setImmediate(grantOne);
  else scheduled = false;
  next?.();
}

/** Resolves in a turn of the event loop of its own, after every render that asked before. */
export function renderTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!scheduled) {
      scheduled = true;
      setImmediate(grantOne);
    }
  });
}
