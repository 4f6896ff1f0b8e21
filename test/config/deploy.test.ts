import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { ENV_DOCS, loadConfig } from '../../server/config.js';
import { readMigrations } from '../../server/store/migrate.js';
import { createTestDatabase } from '../support/db.js';
import { scriptedRunner, triageScript } from '../support/scripted-runner.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The example manifests of deploy/ (docs/deployment.md) against the code: every environment
 * variable they set is one config.ts reads and their values load; the port is the one the service
 * listens on; the probe paths are answered by the server; the grace periods outlast the drain;
 * secrets stay out of the ConfigMap; the commands are the production build's (`start:prod`, and
 * the migration release step, which is run here against an empty database).
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const yamlDocs = (file: string) => parseAllDocuments(read(file)).map((d) => d.toJS() as Record<string, any>);

const compose = parse(read('deploy/compose.yaml')) as { services: Record<string, any> };
const [configMap] = yamlDocs('deploy/k8s/configmap.yaml');
const [deployment] = yamlDocs('deploy/k8s/deployment.yaml');
const [service] = yamlDocs('deploy/k8s/service.yaml');
const [job] = yamlDocs('deploy/k8s/migrate-job.yaml');
const container = deployment!.spec.template.spec.containers[0];
const configData = configMap!.data as Record<string, string>;
const known = new Set(Object.keys(ENV_DOCS));
const SECRETS = ['DATABASE_URL', 'REDIS_URL', 'METRICS_TOKEN', 'ROUTER_API_KEY', 'REASONER_API_KEY', 'EMBEDDINGS_API_KEY'];
// Stand-ins for what compose interpolates and the Secret holds.
const secretValues = { DATABASE_URL: 'postgresql://triage:secret@postgres:5432/triage', REDIS_URL: 'redis://redis:6379', METRICS_TOKEN: 'a-metrics-token-of-32-characters' };
const interpolate = (value: unknown) => String(value).replace(/\$\{(\w+)(?::\?[^}]*)?\}/g, (_m, name: string) => (name === 'POSTGRES_PASSWORD' ? 'secret' : 'a-metrics-token-of-32-characters'));
const composeEnv = (name: string) => Object.fromEntries(Object.entries(compose.services[name].environment as Record<string, unknown>).map(([k, v]) => [k, interpolate(v)]));
const secretRefs = (c: { env?: { name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[] }) => (c.env ?? []).map((e) => e.name);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ runner: scriptedRunner(triageScript) });
});
afterAll(async () => {
  await server?.close();
});

describe('deploy/ manifests', () => {
  it('set only variables config.ts reads, with values it accepts', () => {
    const names = [...Object.keys(configData), ...secretRefs(container), ...secretRefs(job!.spec.template.spec.containers[0]), ...Object.keys(composeEnv('triage')), ...Object.keys(composeEnv('migrate'))];
    expect(names.filter((n) => !known.has(n))).toEqual([]);
    for (const env of [{ ...configData, ...secretValues }, composeEnv('triage')]) {
      const config = loadConfig(env);
      expect(config.NODE_ENV).toBe('production');
      expect(config.HOST).toBe('0.0.0.0'); // reachable from outside the container
      expect(config.embedded.postgres || config.embedded.chroma || config.embedded.bus).toBe(false);
      expect(config.TRUST_PROXY).toBe(true); // behind a load balancer: the client IP for rate limits
    }
  });

  it('keep secrets out of the ConfigMap and take them from the Secret', () => {
    expect(Object.keys(configData).filter((k) => SECRETS.includes(k))).toEqual([]);
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'METRICS_TOKEN']) {
      expect(container.env.find((e: { name: string }) => e.name === name)?.valueFrom?.secretKeyRef?.name, name).toBe('triage-secrets');
    }
  });

  it('use the port the service listens on, from the Service through the container to nginx', () => {
    const port = loadConfig({ ...configData, ...secretValues }).PORT;
    const http = container.ports.find((p: { name: string }) => p.name === 'http');
    expect(http.containerPort).toBe(port);
    expect(service!.spec.ports[0].targetPort).toBe('http');
    expect(container.readinessProbe.httpGet.port).toBe('http');
    const composePort = loadConfig(composeEnv('triage')).PORT;
    expect(compose.services.triage.expose).toEqual([String(composePort)]);
    expect(read('deploy/nginx.conf')).toContain(`server triage:${composePort};`);
    expect(compose.services.triage.healthcheck.test.join(' ')).toContain(`http://127.0.0.1:${composePort}/readyz`);
    expect(read('deploy/Dockerfile')).toContain(`PORT=${composePort}`);
  });

  it('probe paths the server answers: readiness /readyz, liveness /healthz', async () => {
    const probes = { readiness: container.readinessProbe.httpGet.path, liveness: container.livenessProbe.httpGet.path, startup: container.startupProbe.httpGet.path };
    expect(probes).toEqual({ readiness: '/readyz', liveness: '/healthz', startup: '/healthz' });
    for (const probe of Object.values(probes)) {
      const response = await fetch(`${server.url}${probe}`);
      expect(response.status, probe).toBe(200);
    }
    expect((await fetch(`${server.url}/not-a-probe`)).status).toBe(404);
  });

  it('give running turns their drain before SIGKILL', () => {
    const grace = loadConfig({ ...configData, ...secretValues }).SHUTDOWN_GRACE_MS;
    const preStopSeconds = Number(container.lifecycle.preStop.exec.command.at(-1));
    expect(deployment!.spec.template.spec.terminationGracePeriodSeconds * 1000).toBeGreaterThan(grace + preStopSeconds * 1000);
    const composeGrace = loadConfig(composeEnv('triage')).SHUTDOWN_GRACE_MS;
    expect(Number.parseInt(compose.services.triage.stop_grace_period, 10) * 1000).toBeGreaterThan(composeGrace);
    expect(deployment!.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
  });

  it("run the production build's own commands", () => {
    const startProd = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts['start:prod']!;
    const cmd = /^CMD (\[.*\])$/m.exec(read('deploy/Dockerfile'))?.[1];
    expect((JSON.parse(cmd!) as string[]).join(' ')).toBe(startProd);
    const migrate = ['node', 'dist/store/migrate-cli.js'];
    expect(job!.spec.template.spec.containers[0].command).toEqual(migrate);
    expect(compose.services.migrate.command).toEqual(migrate);
    expect(compose.services.triage.depends_on.migrate.condition).toBe('service_completed_successfully');
    // dist/ mirrors server/ file for file (docs/production.md).
    expect(existsSync(path.join(ROOT, 'server/store/migrate-cli.ts'))).toBe(true);
  });

  it('the migration release step applies every migration to an empty database, then nothing', async () => {
    const url = new URL(await createTestDatabase());
    const empty = `deploy_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${empty}`);
    await admin.end();
    url.pathname = `/${empty}`;
    const run = () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/store/migrate-cli.ts')], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'info' },
        timeout: 60_000,
      });
    const applied = (stdout: string) => (JSON.parse(stdout.trim().split('\n').at(-1)!) as { applied: number }).applied;
    expect(applied((await run()).stdout)).toBe((await readMigrations()).length);
    expect(applied((await run()).stdout)).toBe(0);
  }, 120_000);
});
