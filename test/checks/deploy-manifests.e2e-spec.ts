import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KNOWN_VARIABLES, loadConfig } from '../../server/config/app-config';
import { PROJECT_ROOT } from '../../server/config/paths';

const DIR = join(PROJECT_ROOT, 'deploy/kubernetes');
const read = (file: string) => readFileSync(join(DIR, file), 'utf8');

/** Variables a manifest sets: `- { name: X, value: … }` entries and the keys under `stringData:`. */
function variablesSet(text: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of text.matchAll(/\{ name: ([A-Za-z0-9_]+), value: ["']?([^"'}]*?)["']? \}/g)) found[match[1]] = match[2];
  const stringData = text.split(/^stringData:\n/m)[1];
  if (stringData) {
    for (const match of stringData.matchAll(/^ {2}([A-Za-z0-9_]+): (.*)$/gm)) found[match[1]] = match[2];
  }
  return found;
}

describe('deploy/kubernetes', () => {
  const files = readdirSync(DIR).filter((file) => file.endsWith('.yaml'));
  const all = Object.assign({}, ...files.map((file) => variablesSet(read(file)))) as Record<string, string>;

  it('sets only variables the app reads', () => {
    expect(Object.keys(all).length).toBeGreaterThan(5);
    expect(Object.keys(all).filter((name) => !(KNOWN_VARIABLES as readonly string[]).includes(name))).toEqual([]);
  });

  it('gives the app a configuration it accepts: production, S3 storage and the secrets it requires', () => {
    const config = loadConfig(all);
    expect(config).toMatchObject({ nodeEnv: 'production', storage: 's3', trustProxy: 1, port: 3000 });
    expect(config.s3?.bucket).toBe(all.S3_BUCKET);
    expect(config.databaseUrl).toMatch(/^postgres:\/\//);
  });

  it("links to the Ingress's own host over https (PUBLIC_URL)", () => {
    const host = /^\s+- host: (\S+)$/m.exec(read('ingress.yaml'))?.[1];
    expect(host).toBeTruthy();
    expect(loadConfig(all).publicUrl).toBe(`https://${host}`);
  });

  it('probes the health routes on the port the app listens on, with two replicas and a disruption budget', () => {
    const deployment = read('deployment.yaml');
    expect(deployment).toMatch(/replicas: 2/);
    expect(deployment).toMatch(/readinessProbe:\n\s+httpGet: \{ path: \/api\/health\/ready, port: http \}/);
    expect(deployment).toMatch(/livenessProbe:\n\s+httpGet: \{ path: \/api\/health, port: http \}/);
    expect(deployment).toContain(`containerPort: ${all.PORT}`);
    expect(deployment).toContain('kind: PodDisruptionBudget');
    expect(deployment).toMatch(/runAsNonRoot: true/);
  });
});
