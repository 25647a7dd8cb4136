import type { Constructor } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import { Migration20261124214104_AuditLog } from './Migration20261124214104_AuditLog.ts';
import { Migration20261122012917_OrderFeedback } from './Migration20261122012917_OrderFeedback.ts';
import { Migration20261122012430_DiscordOrderMessages } from './Migration20261122012430_DiscordOrderMessages.ts';
import { Migration20261122003821_Orders } from './Migration20261122003821_Orders.ts';
import { Migration20261121234724_UsersProfile } from './Migration20261121234724_UsersProfile.ts';
import { Migration20261121233502_RankHistory } from './Migration20261121233502_RankHistory.ts';
import { Migration20261121223224_Initial } from './Migration20261121223224_Initial.ts';

/**
 * Every committed migration, oldest first. `npm run db:migration -- <Name>` writes a new file from the difference
 * between the entities and the schema these migrations build, and appends it here.
 */
export const migrations: Constructor<Migration>[] = [Migration20261121223224_Initial, Migration20261121233502_RankHistory, Migration20261121234724_UsersProfile, Migration20261122003821_Orders, Migration20261122012430_DiscordOrderMessages, Migration20261122012917_OrderFeedback, Migration20261124214104_AuditLog];
