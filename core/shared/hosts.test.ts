import { describe, expect, it } from 'vitest';
import { nonPublicHostReason, publicLinkProblem } from './hosts.ts';

/** The host as a browser sees it: what the URL parser makes of the link. */
const reason = (url: string) => nonPublicHostReason(new URL(url).hostname);

describe('nonPublicHostReason', () => {
  it.each([
    ['https://127.0.0.1:4816/x.png', 'is a loopback address'],
    ['https://127.1/x.png', 'is a loopback address'],
    ['https://2130706433/x.png', 'is a loopback address'],
    ['https://0x7f.0.0.1/x.png', 'is a loopback address'],
    ['https://169.254.169.254/latest/meta-data.png', 'is a link-local address'],
    ['https://10.0.0.8/x.png', 'is a private address'],
    ['https://172.16.5.4/x.png', 'is a private address'],
    ['https://172.31.255.255/x.png', 'is a private address'],
    ['https://192.168.1.1/x.png', 'is a private address'],
    ['https://100.64.0.1/x.png', 'is a carrier-grade NAT address'],
    ['https://100.127.255.254/x.png', 'is a carrier-grade NAT address'],
    ['https://0.0.0.0/x.png', 'is an unspecified ("this network") address'],
    ['https://0.1.2.3/x.png', 'is an unspecified ("this network") address'],
    ['https://224.0.0.1/x.png', 'is a multicast address'],
    ['https://255.255.255.255/x.png', 'is a broadcast address'],
    ['https://[::1]/x.png', 'is a loopback address'],
    ['https://[::]/x.png', 'is an unspecified address'],
    ['https://[fc00::1]/x.png', 'is a unique-local address'],
    ['https://[fd12:3456::1]/x.png', 'is a unique-local address'],
    ['https://[fe80::1]/x.png', 'is a link-local address'],
    ['https://[febf::1]/x.png', 'is a link-local address'],
    ['https://[ff02::1]/x.png', 'is a multicast address'],
    ['https://[::ffff:127.0.0.1]/x.png', 'is a loopback address'],
    ['https://[::ffff:169.254.169.254]/x.png', 'is a link-local address'],
    ['https://[::ffff:10.1.2.3]/x.png', 'is a private address'],
    ['https://[::192.168.0.1]/x.png', 'is a private address'],
    ['https://[64:ff9b::10.0.0.1]/x.png', 'is a private address'],
    ['https://localhost/x.png', 'is a local name'],
    ['https://LOCALHOST./x.png', 'is a local name'],
    ['https://printer.localhost/x.png', 'is a local name'],
    ['https://intranet/x.png', 'is a local name'],
  ])('%s %s', (url, expected) => {
    expect(reason(url)).toBe(expected);
  });

  it.each([
    'https://i.imgur.com/abc.png',
    'https://cdn.discordapp.com/x.png',
    'https://8.8.8.8/x.png',
    'https://100.128.0.1/x.png',
    'https://172.32.0.1/x.png',
    'https://169.255.0.1/x.png',
    'https://[2606:4700::1111]/x.png',
    'https://[::ffff:8.8.8.8]/x.png',
    'https://[fbff::1]/x.png',
    'https://localhost.example.com/x.png',
  ])('%s is public', (url) => {
    expect(reason(url)).toBeNull();
  });
});

describe('publicLinkProblem (store pictures; order images add their own exceptions)', () => {
  it.each([
    ['https://127.0.0.1/x.png', 'A picture must point at a public host: 127.0.0.1 is a loopback address.'],
    ['https://169.254.169.254/x', 'A picture must point at a public host: 169.254.169.254 is a link-local address.'],
    ['https://[::1]/x.png', 'A picture must point at a public host: [::1] is a loopback address.'],
    ['https://10.0.0.1/x.png', 'A picture must point at a public host: 10.0.0.1 is a private address.'],
    ['http://images.example.com/x.png', 'A picture must use https (http: is not allowed).'],
    ['https://me:pw@images.example.com/x.png', 'A picture may not carry credentials.'],
    ['https:\\\\127.0.0.1\\x.png', 'A picture may not contain a backslash.'],
    ['not a link', 'not a link is not a URL.'],
  ])('%s: %s', (url, expected) => {
    expect(publicLinkProblem(url, 'A picture')).toBe(expected);
  });

  it('accepts https on a public host, whatever the path', () => {
    expect(publicLinkProblem('https://images.example.com/hat', 'A picture')).toBeNull();
  });
});
