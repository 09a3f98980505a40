import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlanCatalog } from '../src/plans.ts';

function file(content: unknown): string {
  const f = path.join(mkdtempSync(path.join(tmpdir(), 'plans-')), 'plans.json');
  writeFileSync(f, JSON.stringify(content));
  return f;
}

describe('the plan catalog', () => {
  it('ships default plans whose default plan exists', () => {
    const catalog = loadPlanCatalog();
    expect(catalog.plans[catalog.defaultPlan]).toBeDefined();
    expect(Object.keys(catalog.plans)).toEqual(['free', 'starter', 'pro']);
  });

  it('is replaced by PLANS_FILE', () => {
    const catalog = loadPlanCatalog(file({ defaultPlan: 'basic', plans: { basic: { name: 'Basic', capabilities: { feed: { quota: 3, period: 'hour' } } } } }));
    expect(catalog.plans.basic!.capabilities.feed).toEqual({ quota: 3, period: 'hour' });
  });

  it('refuses a catalog with an unknown capability, a bad period or a missing default plan', () => {
    expect(() => loadPlanCatalog(file({ defaultPlan: 'a', plans: { a: { name: 'A', capabilities: { teleport: { quota: 1, period: 'day' } } } } }))).toThrow(
      /invalid plan catalog/,
    );
    expect(() => loadPlanCatalog(file({ defaultPlan: 'a', plans: { a: { name: 'A', capabilities: { feed: { quota: 1, period: 'week' } } } } }))).toThrow(
      /invalid plan catalog/,
    );
    expect(() => loadPlanCatalog(file({ defaultPlan: 'zzz', plans: { a: { name: 'A', capabilities: {} } } }))).toThrow(/defaultPlan/);
  });
});
