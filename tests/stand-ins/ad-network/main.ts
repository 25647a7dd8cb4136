/** `node tests/stand-ins/ad-network/main.ts [--blocked]`: the ad network stand-in, for trying ads locally. */
import { startAdNetworkStandIn } from './server.ts';

const standIn = await startAdNetworkStandIn({ port: Number(process.env.PORT ?? 0) || undefined });
standIn.setBlocked(process.argv.includes('--blocked'));
standIn.setConsentFramework(process.argv.includes('--consent'));
console.log(`Ad network stand-in at ${standIn.url}. Start the app with:`);
for (const [name, value] of Object.entries(standIn.env)) console.log(`${name}=${value}`);
