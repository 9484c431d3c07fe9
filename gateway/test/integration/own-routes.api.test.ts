import { routesOf } from '@hap/contracts';
import { DOCS_PREFIX } from '../../src/docs/docs.plugin';
import { buildGateway } from '../helpers/gateway';

describe("the gateway's own API routes", () => {
  it('are exactly its rows of the route table, besides the proxy and the docs', async () => {
    const { app } = buildGateway();
    const registered: string[] = [];
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') registered.push(`${method} ${route.url}`);
    });
    await app.ready();
    await app.close();

    const own = registered
      .filter((line) => / \/api\//.test(line))
      .filter((line) => !line.endsWith(' /api/*') && !line.includes(` ${DOCS_PREFIX}`))
      .sort();
    expect(own).toEqual(routesOf('gateway').map((route) => `${route.method} ${route.path}`).sort());
  });
});
