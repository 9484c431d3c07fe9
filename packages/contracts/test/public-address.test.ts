import { isAcceptableWebhookUrl, isGlobalUnicastAddress, isPublicHost, optionalWebhookUrl, WEBHOOK_HOST_MESSAGE, WEBHOOK_URL_MESSAGE } from '../src';

describe('isGlobalUnicastAddress', () => {
  it.each([
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['93.184.216.34'],
    ['172.32.0.1'],
    ['100.128.0.1'],
    ['198.20.0.1'],
    ['2606:4700::1'],
    ['2606:4700::1111'],
    ['2a00:1450:4001:82a::200e'],
    ['::ffff:8.8.8.8'],
    ['64:ff9b::808:808'],
    ['2002:808:808::1'],
  ])('lets %s through (global unicast)', (address) => expect(isGlobalUnicastAddress(address)).toBe(true));

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0x7f.1', 'loopback in hex'],
    ['2130706433', 'loopback as one number'],
    ['0177.0.0.1', 'loopback in octal'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.254', 'benchmarking'],
    ['192.0.2.10', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::7f00:1', 'IPv4-compatible loopback, hex'],
    ['::8.8.8.8', 'IPv4-compatible (deprecated)'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata, hex'],
    ['::ffff:0:7f00:1', 'IPv4-translated'],
    ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
    ['64:ff9b::a00:1', 'NAT64 of private'],
    ['64:ff9b:1::808:808', 'local-use NAT64'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2002:a9fe:a9fe::1', '6to4 of metadata'],
    ['2001::1', 'Teredo'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:db8::1', 'documentation'],
    ['2001:2::1', 'benchmarking'],
    ['2001:10::1', 'ORCHID'],
    ['3fff::1', 'documentation'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['100::1', 'discard'],
    ['5f00::1', 'segment routing'],
    ['4000::1', 'unallocated'],
    ['::1]@[2606:4700::1', 'not an address, though a URL would read one'],
    ['not-an-ip', 'not an address'],
    ['', 'empty'],
  ])('refuses %s (%s)', (address) => expect(isGlobalUnicastAddress(address)).toBe(false));
});

describe('isPublicHost (a URL hostname)', () => {
  it.each(['crm.example.com', 'hooks.zapier.com', 'crm.example.com.', 'xn--bcher-kva.de', '8.8.8.8', '[2606:4700::1]'])('lets %s through', (host) =>
    expect(isPublicHost(host)).toBe(true),
  );

  it.each([
    'localhost',
    'LOCALHOST',
    'localhost.',
    'api.localhost',
    'printer.local',
    'metadata.google.internal',
    'tenant.hap.svc.cluster.local',
    'router.home.arpa',
    'db.localdomain',
    'crm.test',
    'crm.example',
    'redis',
    'tenant',
    '127.0.0.1',
    '[::1]',
    '[::7f00:1]',
    '[::ffff:a00:1]',
    '10.0.0.1',
  ])('refuses %s', (host) => expect(isPublicHost(host)).toBe(false));
});

describe('webhook URLs admins may set', () => {
  it.each(['https://crm.example.com/hook', 'https://crm.example.com:8443/hooks/leads?x=1', 'https://8.8.8.8/h', 'https://[2606:4700::1]/h'])('accepts %s', (url) =>
    expect(isAcceptableWebhookUrl(url)).toBe(true),
  );

  it.each([
    // Not https, or credentials in the address.
    'http://crm.example.com/hook',
    'http://127.0.0.1:9000/h',
    'https://user:secret@crm.example.com/h',
    'ftp://crm.example.com',
    'crm.example.com',
    // Hosts that are not on the internet, in every notation the URL parser turns into one.
    'https://127.0.0.1/',
    'https://localhost/h',
    'https://app.localhost/h',
    'https://[::1]/h',
    'https://[::127.0.0.1]/h',
    'https://[::ffff:10.0.0.1]/h',
    'https://[64:ff9b::a00:1]/h',
    'https://[2002:c0a8:101::]/h',
    'https://[2001::1]/h',
    'https://[fd00::1]/h',
    'https://[ff02::1]/h',
    'https://2130706433/',
    'https://0x7f.1/',
    'https://0177.0.0.1/',
    'https://127.1/',
    'https://10.0.0.1/',
    'https://172.16.5.4/',
    'https://192.168.0.10/',
    'https://169.254.169.254/latest/meta-data/',
    'https://100.64.0.1/',
    'https://198.18.0.1/',
    'https://224.0.0.1/',
    'https://255.255.255.255/',
    'https://0.0.0.0/',
    'https://203.0.113.5/',
    'https://metadata.google.internal/',
    'https://redis/',
  ])('refuses %s', (url) => expect(isAcceptableWebhookUrl(url)).toBe(false));
});

describe('the webhookUrl field', () => {
  const field = optionalWebhookUrl();
  const messages = (value: string) => {
    const checked = field.safeParse(value);
    return checked.success ? [] : checked.error.issues.map((i) => i.message);
  };

  it('says https for a URL that is not https, and only that', () => {
    expect(messages('http://10.0.0.1/h')).toEqual([WEBHOOK_URL_MESSAGE]);
    expect(messages('not a url')).toEqual([WEBHOOK_URL_MESSAGE]);
  });

  it('says the host is not public for an https URL to a local or reserved host', () => {
    expect(messages('https://[::127.0.0.1]/h')).toEqual([WEBHOOK_HOST_MESSAGE]);
    expect(messages('https://localhost/h')).toEqual([WEBHOOK_HOST_MESSAGE]);
  });

  it('takes a public https URL, and an empty one clears the webhook', () => {
    expect(field.parse(' https://crm.example.com/h ')).toBe('https://crm.example.com/h');
    expect(field.parse('')).toBeNull();
    expect(field.parse(null)).toBeNull();
  });
});
