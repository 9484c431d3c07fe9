import { publishedActiveServicesFields, publishedActiveServicesOf, publishedCatalogueFields, publishedCatalogueOfHash } from '../src';

describe('publishedCatalogueOfHash: the catalogue templates published to Redis', () => {
  const templates = [
    { id: 1, name: 'TRT', ghlSnapshotId: 'snap_trt' },
    { id: 2, name: 'Medical Weight Loss', ghlSnapshotId: null },
  ];

  it('reads back what templates wrote, by id, and null when it was never published', () => {
    expect(publishedCatalogueOfHash({ '@': '1', ...publishedCatalogueFields([...templates].reverse()) })).toEqual(templates);
    expect(publishedCatalogueOfHash(publishedCatalogueFields(templates))).toBeNull();
  });

  it.each([
    ['not JSON', '{"name":'],
    ['no name', '{"ghlSnapshotId":null}'],
    ['a snapshot id that is no string', '{"name":"TRT","ghlSnapshotId":7}'],
    ['no object', '"TRT"'],
  ])('throws on a corrupt template (%s): unreadable, never a template without its name', (_, value) => {
    expect(() => publishedCatalogueOfHash({ '@': '1', 't|1': value })).toThrow();
  });
});

describe('publishedActiveServicesOf: a clinic’s active services published to Redis', () => {
  it('reads back what templates wrote; none without a field; null when never published', () => {
    const fields = publishedActiveServicesFields(new Map([[7, [4, 1]]]));
    expect(publishedActiveServicesOf('1', fields['c|7'])).toEqual([1, 4]);
    expect(publishedActiveServicesOf('1', null)).toEqual([]);
    expect(publishedActiveServicesOf(null, fields['c|7'])).toBeNull();
  });

  it.each([
    ['not JSON', '[1,'],
    ['no array', '{"1":true}'],
    ['an id that is no whole number', '[1,"4"]'],
  ])('throws on a corrupt field (%s)', (_, value) => {
    expect(() => publishedActiveServicesOf('1', value)).toThrow();
  });
});
