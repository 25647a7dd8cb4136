import { describe, expect, it } from 'vitest';
import { type ImageUrlRules, imageUrlProblem } from './schemas.ts';

const rules: ImageUrlRules = { publicUrl: 'http://localhost:4321', imageHostOrigin: 'http://127.0.0.1:4816' };

describe('imageUrlProblem', () => {
  it.each([
    '/uploads/abcdefghijklmnop1234.png',
    'http://localhost:4321/uploads/abcdefghijklmnop1234.png',
    '/food/burger.svg',
    'http://127.0.0.1:4816/i/abc.png',
    'https://i.imgur.com/abc.png',
    'https://8.8.8.8/pic.webp',
  ])('accepts %s', (url) => {
    expect(imageUrlProblem(url, rules)).toBeNull();
  });

  it.each([
    ['https://127.0.0.1:4816/x.png', 'Image URLs must point at a public host: 127.0.0.1 is a loopback address.'],
    [
      'https://169.254.169.254/latest/meta-data/x.png',
      'Image URLs must point at a public host: 169.254.169.254 is a link-local address.',
    ],
    ['https://10.0.0.2/x.png', 'Image URLs must point at a public host: 10.0.0.2 is a private address.'],
    ['https://192.168.0.10/x.png', 'Image URLs must point at a public host: 192.168.0.10 is a private address.'],
    ['https://100.64.1.1/x.png', 'Image URLs must point at a public host: 100.64.1.1 is a carrier-grade NAT address.'],
    [
      'https://0.0.0.0/x.png',
      'Image URLs must point at a public host: 0.0.0.0 is an unspecified ("this network") address.',
    ],
    ['https://[::1]/x.png', 'Image URLs must point at a public host: [::1] is a loopback address.'],
    ['https://[fd00::5]/x.png', 'Image URLs must point at a public host: [fd00::5] is a unique-local address.'],
    ['https://[fe80::5]/x.png', 'Image URLs must point at a public host: [fe80::5] is a link-local address.'],
    [
      'https://[::ffff:127.0.0.1]/x.png',
      'Image URLs must point at a public host: [::ffff:7f00:1] is a loopback address.',
    ],
    ['https://localhost/x.png', 'Image URLs must point at a public host: localhost is a local name.'],
    [
      'https://localhost:4321/uploads/abcdefghijklmnop1234.png',
      'Image URLs must point at a public host: localhost is a local name.',
    ],
    ['https://shop.localhost/x.png', 'Image URLs must point at a public host: shop.localhost is a local name.'],
    ['https://2130706433/x.png', 'Image URLs must point at a public host: 127.0.0.1 is a loopback address.'],
    // Browsers read a backslash as a slash in http(s) URLs.
    ['https:\\\\127.0.0.1\\x.png', 'Image URLs may not contain a backslash.'],
    ['https://i.imgur.com\\@127.0.0.1/x.png', 'Image URLs may not contain a backslash.'],
    ['/\\127.0.0.1/x.png', 'Image URLs may not contain a backslash.'],
    // The image host's own origin is trusted, not every port on its address.
    ['http://127.0.0.1:9999/x.png', 'Image URLs must use https (http: is not allowed).'],
  ])('refuses %s', (url, reason) => {
    expect(imageUrlProblem(url, rules)).toBe(reason);
  });

  it('refuses a private address even when a food lookup item names it', () => {
    const url = 'https://10.0.0.2/pizza.png';
    expect(imageUrlProblem(url, { ...rules, known: new Set([url]) })).toBe(
      'Image URLs must point at a public host: 10.0.0.2 is a private address.',
    );
  });
});
