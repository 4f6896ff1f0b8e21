import type { RunningService } from './start.js';

/**
 * What `npm start` prints: every URL in it is one this service answers (the demo page only when
 * it is served, GraphiQL only when it is on), so a banner never points at a 404.
 * test/api/production.test.ts fetches each.
 */
export function bannerLines(service: Pick<RunningService, 'url' | 'devKeys' | 'demoPage' | 'graphiql' | 'services'>): string[] {
  // `/` answers only with the demo page; otherwise the first line names the GraphQL endpoint.
  const lines = ['', `  Triage assistant is running at ${service.demoPage ? service.url : `${service.url}/graphql`}`];
  if (service.demoPage) lines.push(`  Widget demo:  ${service.url}/`);
  lines.push(
    `  GraphQL:      ${service.url}/graphql${service.graphiql ? ' (GraphiQL in a browser)' : ''}`,
    `  Health:       ${service.url}/healthz`,
    ...(service.services.config.reviewPage ? [`  Review page:  ${service.url}/review (staff key)`] : []),
    `  Engine:       ${service.services.turns.engine === 'OFFLINE' ? 'offline triage engine, no language model' : 'model pipeline'}`,
  );
  if (service.devKeys) {
    lines.push(
      '',
      '  Development site created. Keys (shown once; also saved in DATA_DIR/dev-keys.json):',
      `    publishable (widget): ${service.devKeys.publishableKey}`,
      `    staff:                ${service.devKeys.staffKey}`,
      `    secret (all scopes):  ${service.devKeys.secretKey}`,
    );
  }
  return lines;
}

/** The URLs a banner names (for tests). */
export const bannerUrls = (lines: string[]): string[] => lines.flatMap((l) => [...l.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]));
