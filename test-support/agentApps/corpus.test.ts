import { describe, expect, it } from 'vitest';
import { agentAppPackages } from './agentAppPackages.ts';
import { AUTHORS, COVER_TAGS, loadAgentApps } from './corpus.ts';
import { stepProblem } from './steps.ts';

describe('the agent-app corpus', () => {
  const apps = loadAgentApps();

  it('holds at least 40 apps from both authors, covering every tag it defines', () => {
    expect(apps.length).toBeGreaterThanOrEqual(40);
    for (const author of AUTHORS)
      expect(apps.filter((a) => a.author === author).length).toBeGreaterThanOrEqual(20);
    const covered = new Set(apps.flatMap((a) => a.covers));
    expect(COVER_TAGS.filter((tag) => !covered.has(tag))).toEqual([]);
  });

  it('asks the cache for registry packages only (an @/ alias is not one)', () => {
    const specs = agentAppPackages(apps);
    expect(specs).toContain('recharts@^2.12.7');
    expect(specs.filter((s) => s.startsWith('@/'))).toEqual([]);
  });
});

describe('stepProblem', () => {
  it('accepts the format’s steps and refuses what it does not name', () => {
    expect(stepProblem({ fill: { label: 'New habit' }, value: 'Read' })).toBeUndefined();
    expect(
      stepProblem({ expectStyle: { text: 'Hi' }, property: 'color', not: 'rgb(0, 0, 0)' }),
    ).toBeUndefined();
    expect(stepProblem({ dialog: 'accept', promptText: 'Bob' })).toBeUndefined();
    expect(stepProblem({ tap: { text: 'x' } })).toMatch(/names 0 step kinds/);
    expect(stepProblem({ click: { text: 'x' }, fill: { text: 'y' } })).toMatch(/names 2 step kinds/);
    expect(stepProblem({ click: { text: 'x', role: 'button' } })).toMatch(/one of role, label/);
    expect(stepProblem({ fill: { label: 'x' } })).toMatch(/string value/);
    expect(stepProblem({ expectStyle: { text: 'x' }, property: 'color' })).toMatch(/one of value or not/);
    expect(stepProblem({ click: { text: 'x' }, delay: 3 })).toMatch(/unknown keys for click: delay/);
  });
});
