import { isPublicAddress, OutboundGuard } from '../src/common/outbound-guard';

// The address guard of webhooks and URL knowledge (src/common/outbound-guard.ts). The services
// that use it are tested end to end in webhook-delivery, e2e/webhook and e2e/knowledge.

const REFUSED = 'url resolves to a loopback, private, link-local, multicast or metadata address';
const guard = new OutboundGuard(false);

describe('outbound address guard', () => {
  it.each([
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['fd00:ec2::254', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['2002:7f00:1::', false],
    ['2001::1', false],
    ['8.8.8.8', true],
    ['93.184.216.34', true],
    ['2606:4700:4700::1111', true],
    ['::ffff:8.8.8.8', true],
    ['not-an-address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  // The URL parser reads decimal, hexadecimal, octal and short IPv4 forms as the address they
  // name, so each reaches the guard as the dotted address and is refused as such.
  it.each([
    ['decimal', 'http://2130706433/'],
    ['hexadecimal', 'http://0x7f000001/'],
    ['dotted hexadecimal', 'http://0x7f.0x0.0x0.0x1/'],
    ['octal', 'http://0177.0.0.1/'],
    ['short form', 'http://127.1/'],
    ['decimal metadata', 'http://2852039166/latest/meta-data'],
    ['private in decimal', 'http://167772161/'],
    ['IPv6 loopback', 'http://[::1]:8080/'],
    ['IPv4-mapped IPv6', 'http://[::ffff:169.254.169.254]/'],
    ['IPv4-mapped IPv6 in hex', 'http://[::ffff:7f00:1]/'],
    ['a name resolving to loopback', 'http://localhost:3000/'],
  ])('refuses the %s form (%s)', async (_label, url) => {
    await expect(guard.check('url', url)).rejects.toThrow(REFUSED);
  });

  it('refuses an IP literal at send time too, and a name at connect time', async () => {
    expect(() => guard.assertLiteralAllowed(new URL('http://2130706433/'))).toThrow(REFUSED);
    const error = await new Promise<Error | null>((resolve) =>
      guard.lookup('localhost', { all: true }, (e) => resolve(e)),
    );
    expect(error?.message).toBe('localhost resolves to a loopback, private, link-local, multicast or metadata address');
  });

  it('refuses what is not an http(s) URL, and credentials in it', async () => {
    await expect(guard.check('url', 'file:///etc/passwd')).rejects.toThrow('url must be an absolute http(s) URL');
    await expect(guard.check('url', 'gopher://example.com/')).rejects.toThrow('url must be an absolute http(s) URL');
    await expect(guard.check('url', '/relative')).rejects.toThrow('url must be an absolute http(s) URL');
    await expect(guard.check('url', 'http://user:pw@example.com/')).rejects.toThrow('url must not carry credentials');
  });

  it('lets the ranges of ALLOW_PRIVATE_ADDRESSES through, and nothing else private', async () => {
    const some = new OutboundGuard(false, ['10.1.0.0/16', '127.0.0.2/32', 'fd00::5/128']);
    expect(['10.1.2.3', '::ffff:10.1.2.3', '127.0.0.2', 'fd00::5', '8.8.8.8'].filter((a) => !some.permits(a))).toEqual(
      [],
    );
    expect(
      ['10.2.0.1', '127.0.0.1', '::1', 'fd00::6', '169.254.169.254', 'nonsense'].filter((a) => some.permits(a)),
    ).toEqual([]);
    expect((await some.check('url', 'http://0x7f000002:8080/')).hostname).toBe('127.0.0.2');
    await expect(some.check('url', 'http://2130706433/')).rejects.toThrow(REFUSED);
    expect(() => some.assertLiteralAllowed(new URL('http://[fd00::5]/'))).not.toThrow();
    expect(() => some.assertLiteralAllowed(new URL('http://[fd00::6]/'))).toThrow(REFUSED);
  });

  it('lets everything through with ALLOW_PRIVATE_URLS', async () => {
    const open = new OutboundGuard(true);
    expect((await open.check('url', 'http://2130706433/')).hostname).toBe('127.0.0.1');
    expect(() => open.assertLiteralAllowed(new URL('http://[::1]/'))).not.toThrow();
  });
});
