import { useEffect } from 'react';
import type { OnlineUser } from '../../../core/gateway/protocol.ts';
import type { AdminUsersKey } from '../../i18n/admin-users/index.ts';
import { avatarUrl, displayNameOf } from '../../lib/avatar.ts';
import { datesIn } from '../../lib/dates.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { $onlineUsers, startGateway } from '../../stores/gateway.ts';
import { useTexts } from '../kit/use-texts.ts';
import { useAfterHydration } from '../use-after-hydration.ts';

/** Since when, in the page's language, in UTC. */
const since = (locale: string, at: string | number) => datesIn(locale).mediumTime(at);

/** Who is online, by name; null until the gateway's first list. */
function useOnlineUsers(): OnlineUser[] | null {
  useEffect(() => void startGateway(), []);
  const users = useAfterHydration($onlineUsers, null);
  return users && [...users].sort((a, b) => displayNameOf(a).localeCompare(displayNameOf(b)));
}

/** Online Users (SUPER_ADMIN): everyone with a live connection, how many, and since when; live. */
export default function OnlineUsers({ texts }: { texts: BrowserTexts<AdminUsersKey> }) {
  const t = useTexts(texts);
  const users = useOnlineUsers();
  const count = users === null ? t('online.connecting') : t('online.count', { count: users.length });
  return (
    <>
      <p className="subtitle is-6">
        <span data-online-count>{count}</span>
      </p>
      <div className="list-wrap">
        <table className="table is-fullwidth is-hoverable data-list online-users">
          <thead>
            <tr>
              <th scope="col">{t('online.column.user')}</th>
              <th scope="col">{t('online.column.connections')}</th>
              <th scope="col">{t('online.column.since')}</th>
            </tr>
          </thead>
          <tbody data-online-users>
            {(users ?? []).map((user) => (
              <tr key={user.id}>
                <td className="list-primary">
                  <a href={`/users/${user.id}`} className="online-user">
                    <img src={avatarUrl(user, 64)} alt="" width={28} height={28} data-avatar="" />
                    {displayNameOf(user)}
                  </a>
                </td>
                <td data-label={t('online.column.connections')}>{user.connections}</td>
                <td data-label={t('online.since')}>{since(texts.locale, user.since)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
