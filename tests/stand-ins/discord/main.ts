import { startDiscordStandIn } from './server.ts';

/**
 * `node tests/stand-ins/discord/main.ts`: the Discord stand-in on PORT (default 4399), for trying the real sign-in
 * flow locally without Discord. Ctrl-C stops it.
 */
const discord = await startDiscordStandIn({
  port: Number(process.env.PORT ?? 4399),
  clientId: process.env.DISCORD_CLIENT_ID || 'stand-in-client',
  clientSecret: process.env.DISCORD_CLIENT_SECRET || 'stand-in-secret',
});
discord.addUser({ id: '100000000000000001', username: 'diner_owner', global_name: 'Diner Owner' });
discord.addUser({ id: '100000000000000002', username: 'hungry_guest', global_name: 'Hungry Guest' });

console.log(`Discord stand-in is ready at ${discord.url}`);
console.log(
  `Run the app with DISCORD_API_URL=${discord.apiUrl} DISCORD_CLIENT_ID=${discord.clientId} DISCORD_CLIENT_SECRET=${discord.clientSecret}`,
);
console.log('Every authorization signs in as diner_owner (the first demo user).');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void discord.close().then(() => process.exit(0)));
}
