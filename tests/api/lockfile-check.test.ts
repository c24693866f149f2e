// tests/setup/lockfile.ts: a lockfile that lacks another platform's optional binary is refused, looked up as Node
// does (the package's own node_modules, then each folder above).
import { describe, expect, it } from 'vitest';
import { missingEntries } from '#tests/setup/lockfile';

describe('the lockfile check', () => {
  it('names an optional dependency that has no entry anywhere Node would look', () => {
    const lock = {
      packages: {
        '': { dependencies: { biome: '1.0.0' } },
        'node_modules/biome': { optionalDependencies: { 'biome-linux-x64': '1.0.0', 'biome-darwin-arm64': '1.0.0' } },
        'node_modules/biome-linux-x64': {},
      },
    };
    expect(missingEntries(lock)).toEqual(['biome-darwin-arm64 (needed by node_modules/biome)']);
  });

  it('finds nested and hoisted entries, and ignores peer dependencies', () => {
    const lock = {
      packages: {
        '': { devDependencies: {}, dependencies: { a: '1.0.0', '@s/b': '1.0.0' } },
        'node_modules/a': { dependencies: { c: '2.0.0', d: '1.0.0' }, peerDependencies: { react: '19' } },
        'node_modules/a/node_modules/c': { optionalDependencies: { d: '1.0.0' } },
        'node_modules/@s/b': { dependencies: { c: '1.0.0' } },
        'node_modules/c': {},
        'node_modules/d': {},
      },
    };
    expect(missingEntries(lock)).toEqual([]);
  });
});
