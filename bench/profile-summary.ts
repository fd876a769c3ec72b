import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

/**
 * `node dist/bench/profile-summary.js <dir>`: the functions with the most self time in the CPU
 * profiles (`--cpu-prof`) in a folder, and the same summed by package, to see where time goes.
 */
function main(dir: string, top = 30): void {
  const self = new Map<string, number>();
  const packages = new Map<string, number>();
  let total = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nodes: Node[] };
    for (const node of profile.nodes) {
      const hits = node.hitCount ?? 0;
      // Waiting is not cost: shares are of the time the process was busy.
      if (!hits || node.callFrame.functionName === '(idle)') continue;
      total += hits;
      const { functionName, url, lineNumber } = node.callFrame;
      const where = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/');
      const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + hits);
      const pkg =
        /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
        (url.includes('/dist/') ? 'our code' : url ? 'node' : functionName);
      packages.set(pkg, (packages.get(pkg) ?? 0) + hits);
    }
  }
  const print = (title: string, map: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [key, hits] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`${((100 * hits) / total).toFixed(1).padStart(5)}%  ${key}`);
  };
  print('self time by package', packages);
  print('self time by function', self);
}

main(process.argv[2] ?? '.', Number(process.argv[3] ?? 30));
