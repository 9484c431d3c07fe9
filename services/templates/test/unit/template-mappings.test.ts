import type { ServiceTemplateRepository } from '../../src/modules/catalogue/catalogue.repository';
import type { ClientServiceService } from '../../src/modules/client-service/client-service.service';
import { ContentService, MAPPINGS_TTL_MS } from '../../src/modules/content/content.service';

/** The mappings cache (docs/public-site.md#states-and-fallbacks, docs/public-site.md#fixed-figures): 5 minutes; stale on failure; else the built-in three. */
describe('ContentService.mappings', () => {
  let now = 0;
  let rows: Array<{ id: number; slug: string }> | Error = [];
  const reads = jest.fn(async () => {
    if (rows instanceof Error) throw rows;
    return rows;
  });
  const content = () =>
    new ContentService({ slugsById: reads } as unknown as ServiceTemplateRepository, {} as ClientServiceService, { publicClient: () => Promise.reject(new Error('not asked')) }, () => now);

  beforeEach(() => {
    now = 1_000;
    reads.mockClear();
  });

  it('reads the table once per 5 minutes', async () => {
    rows = [{ id: 20, slug: 'ed' }];
    const service = content();
    expect(await service.mappings()).toEqual({ '1': 'trt', '4': 'plong', '11': 'weight-management', '20': 'ed' });
    rows = [{ id: 21, slug: 'botox' }];
    now += MAPPINGS_TTL_MS - 1;
    expect((await service.mappings())['20']).toBe('ed');
    now += 1;
    expect((await service.mappings())['21']).toBe('botox');
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it('answers the stale cache when the table cannot be read, else the built-in mappings', async () => {
    rows = [{ id: 20, slug: 'ed' }];
    const service = content();
    await service.mappings();
    rows = new Error('database down');
    now += MAPPINGS_TTL_MS;
    expect((await service.mappings())['20']).toBe('ed');
    expect(await content().mappings()).toEqual({ '1': 'trt', '4': 'plong', '11': 'weight-management' });
  });
});
