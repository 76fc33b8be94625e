import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Issue 13: Node.js 20 is past end of life; npm scripts run the `node` devDependency (24 LTS)
// whatever the machine's own Node is, and the test command proves it.
describe('runtime', () => {
  it('runs on the Node.js 24 LTS that the root package pins', () => {
    const root = JSON.parse(
      readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
    );
    expect(root.devDependencies.node).toMatch(/^24\./);
    expect(process.versions.node.split('.')[0]).toBe('24');
    expect(process.versions.node).toBe(root.devDependencies.node);
  });
});
