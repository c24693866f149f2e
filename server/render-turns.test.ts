import { describe, expect, it } from 'vitest';
import { renderTurn } from './render-turns';

describe('renderTurn', () => {
  it('grants the waiters in the order they asked, each in a turn of the event loop of its own', async () => {
    // A counter of the loop's turns: a setImmediate chain runs once in each turn's check phase.
    let turn = 0;
    let counting = true;
    const count = () => {
      turn += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const granted: [string, number][] = [];
    await Promise.all(['first', 'second', 'third'].map((name) => renderTurn().then(() => granted.push([name, turn]))));
    counting = false;
    expect(granted.map(([name]) => name)).toEqual(['first', 'second', 'third']);
    const [first, second, third] = granted.map(([, at]) => at);
    expect(second).toBe(first + 1);
    expect(third).toBe(second + 1);
  });

  it('grants a waiter that asks after the queue emptied', async () => {
    await renderTurn();
    let granted = false;
    const later = renderTurn().then(() => {
      granted = true;
    });
    expect(granted).toBe(false);
    await later;
    expect(granted).toBe(true);
  });
});
