import dns from 'node:dns';
import net from 'node:net';

/** Discord's own hosts: none of them may be asked for while DISCORD_API_URL points elsewhere. */
const DISCORD_HOST = /(^|\.)(discord\.com|discordapp\.com|discordapp\.net|discord\.gg|discord\.media)\.?$/i;

export interface DiscordHostGuard {
  /** Every lookup of, or connection to, a Discord host that was tried (each refused), with where it came from. */
  attempts: string[];
  restore(): void;
}

/**
 * Makes this process unable to reach Discord itself: a DNS lookup of a Discord host fails at once (ENOTFOUND) and
 * is recorded, and so is a socket opened to one by name. A test then checks that everything went to the stand-in.
 */
export function refuseDiscordHosts(): DiscordHostGuard {
  const attempts: string[] = [];
  const record = (what: string) => attempts.push(`${what}\n${new Error().stack?.split('\n').slice(3, 9).join('\n')}`);
  const { lookup } = dns;
  const lookupPromise = dns.promises.lookup;
  const { connect } = net.Socket.prototype;
  const refusal = (host: string) =>
    Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND', hostname: host });

  dns.lookup = function (this: unknown, host: string, ...rest: unknown[]) {
    if (typeof host === 'string' && DISCORD_HOST.test(host)) {
      record(`lookup ${host}`);
      const callback = rest.at(-1) as (error: Error) => void;
      process.nextTick(() => callback(refusal(host)));
      return;
    }
    return (lookup as (...args: unknown[]) => unknown).call(this, host, ...rest);
  } as typeof dns.lookup;
  dns.promises.lookup = async function (this: unknown, host: string, ...rest: unknown[]) {
    if (typeof host === 'string' && DISCORD_HOST.test(host)) {
      record(`lookup ${host}`);
      throw refusal(host);
    }
    return (lookupPromise as (...args: unknown[]) => Promise<unknown>).call(this, host, ...rest);
  } as typeof dns.promises.lookup;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const first = args[0];
    const host = typeof first === 'object' && first !== null ? (first as { host?: unknown }).host : args[1];
    if (typeof host === 'string' && DISCORD_HOST.test(host)) record(`connect ${host}`);
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof net.Socket.prototype.connect;

  return {
    attempts,
    restore() {
      dns.lookup = lookup;
      dns.promises.lookup = lookupPromise;
      net.Socket.prototype.connect = connect;
    },
  };
}
