/**
 * The Grafana dashboard and the Prometheus alert rules under deploy/ name only metrics kiroku exports:
 * renaming a metric without them fails here, not on an operator's empty panel or silent alert.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { REPO_ROOT } from '../support/spawn-bot.js';
import { exportedSeriesNames } from './exported-metrics.js';

const KIROKU_NAME = /\bkiroku_[a-zA-Z0-9_]+/g;

const alertsSchema = z.object({
  groups: z.array(
    z.object({
      name: z.string(),
      rules: z.array(
        z.object({
          alert: z.string(),
          expr: z.string(),
          for: z.string().optional(),
          labels: z.object({ severity: z.string() }),
        }),
      ),
    }),
  ),
});

const panelSchema = z.object({
  type: z.string(),
  title: z.string().min(1),
  targets: z.array(z.object({ expr: z.string().min(1) })).optional(),
});
const dashboardSchema = z.object({ title: z.string(), uid: z.string(), panels: z.array(panelSchema) });

function readDeployFile(...parts: string[]): string {
  return readFileSync(path.join(REPO_ROOT, 'deploy', ...parts), 'utf8');
}

function namesIn(expression: string): string[] {
  return [...expression.matchAll(KIROKU_NAME)].map((match) => match[0]);
}

describe('deploy/: the dashboard and the alert rules', () => {
  it('alert rules parse, and every metric they use is exported', async () => {
    const exported = await exportedSeriesNames();
    const rules = alertsSchema
      .parse(parse(readDeployFile('prometheus', 'alerts.yml')))
      .groups.flatMap((g) => g.rules);
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      const names = namesIn(rule.expr);
      expect(names, rule.alert).not.toHaveLength(0);
      for (const name of names) expect(exported, `${rule.alert} uses ${name}`).toContain(name);
    }
  });

  it('the dashboard parses, and every metric its panels query is exported', async () => {
    const exported = await exportedSeriesNames();
    const dashboard = dashboardSchema.parse(JSON.parse(readDeployFile('grafana', 'kiroku.json')));
    const queries = dashboard.panels.flatMap((panel) =>
      (panel.targets ?? []).map((t) => ({ panel, expr: t.expr })),
    );
    expect(queries.length).toBeGreaterThan(10);
    for (const { panel, expr } of queries) {
      const names = namesIn(expr);
      expect(names, panel.title).not.toHaveLength(0);
      for (const name of names) expect(exported, `${panel.title} uses ${name}`).toContain(name);
    }
  });

  it('the check itself catches a name kiroku does not export', async () => {
    const exported = await exportedSeriesNames();
    expect(exported).toContain('kiroku_interaction_first_answer_seconds_bucket');
    expect(exported).not.toContain('kiroku_interaction_first_answer_seconds');
    expect(namesIn('rate(kiroku_renamed_total[5m])').every((name) => exported.has(name))).toBe(false);
  });
});
