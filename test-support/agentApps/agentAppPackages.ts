import { externalPackages } from '../../validation/bareImports.ts';
import { packageSpecProblem } from '../../validation/packageSpec.ts';
import { type AgentApp, loadAgentApps } from './corpus.ts';

// Apart from corpus.ts: reading imports loads Sucrase, whose ESM build Playwright's loader cannot import.
/**
 * The `name@range` specs the corpus asks for (package.json `dependencies`, else "latest" for a bare import),
 * for the offline cache; names the gate refuses (an `@/` alias read as a package) are left out.
 */
export function agentAppPackages(apps: AgentApp[] = loadAgentApps()): string[] {
  const specs = new Set<string>();
  for (const app of apps) {
    let declared: Record<string, string> = {};
    try {
      declared = JSON.parse(app.files['package.json'] ?? '{}').dependencies ?? {};
    } catch {}
    for (const name of new Set([...externalPackages(app.files), ...Object.keys(declared)])) {
      const range = declared[name] ?? 'latest';
      // React comes from the runtime's own pin (the cache's roots hold it).
      if (name === 'react' || name === 'react-dom' || packageSpecProblem(name, range)) continue;
      specs.add(`${name}@${range}`);
    }
  }
  return [...specs].sort();
}
