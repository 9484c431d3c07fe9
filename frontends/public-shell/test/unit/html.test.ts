import { etagOf, fillTemplate, isFresh } from '../../server/html';

const template = '<html lang="en"><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>';
const page = { page: 'home', htmlStyle: '--brand:#004aad', head: '<title>T</title>', html: '<p>hi</p>' };

describe('fillTemplate', () => {
  it('puts the page, its kind, its colours and the data scripts in place', () => {
    const html = fillTemplate(template, page, { state: { a: 1 }, config: { adminRemoteUrl: '/r.js' } });
    expect(html).toContain('<html lang="en" data-page="home" style="--brand:#004aad">');
    expect(html).toContain('<title>T</title>');
    expect(html).toContain('<div id="root"><p>hi</p></div>');
    expect(html).toContain('<script type="application/json" id="__HAP_STATE__">{"a":1}</script>');
    expect(html).toContain('<script type="application/json" id="__HAP_CONFIG__">{"adminRemoteUrl":"/r.js"}</script>');
  });

  it('keeps clinic text that looks like markup or a replacement pattern as text', () => {
    const html = fillTemplate(template, { ...page, html: "$' $& $1" }, { state: { name: '</script><script>alert(1)</script>' }, config: {} });
    expect(html).toContain("<div id=\"root\">$' $& $1</div>");
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>');
  });

  it('leaves out the state script when there is no state (the admin page)', () => {
    expect(fillTemplate(template, page, { state: null, config: {} })).not.toContain('__HAP_STATE__');
  });
});

describe('etagOf and isFresh', () => {
  const etag = etagOf('<p>page</p>');

  it('gives a weak validator that changes with the page', () => {
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(etagOf('<p>other</p>')).not.toBe(etag);
  });

  it('accepts the tag with or without W/, in a list, or *', () => {
    expect(isFresh(etag, etag)).toBe(true);
    expect(isFresh(etag.slice(2), etag)).toBe(true);
    expect(isFresh(`"x", ${etag}`, etag)).toBe(true);
    expect(isFresh('*', etag)).toBe(true);
    expect(isFresh('"x"', etag)).toBe(false);
    expect(isFresh(undefined, etag)).toBe(false);
  });
});
