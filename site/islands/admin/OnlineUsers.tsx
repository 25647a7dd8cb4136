import { useEffect } from 'react';
import type { OnlineUser } from '../../../core/gateway/protocol.ts';
import { avatarUrl, displayNameOf } from '../../lib/avatar.ts';
import { $onlineUsers, startGateway } from '../../stores/gateway.ts';
import { useAfterHydration } from '../use-after-hydration.ts';

const since = (iso: string | number) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** Who is online, by name; null until the gateway's first list. */
function useOnlineUsers(): OnlineUser[] | null {
  useEffect(() => void startGateway(), []);
  const users = useAfterHydration($onlineUsers, null);
  return users && [...users].sort((a, b) => displayNameOf(a).localeCompare(displayNameOf(b)));
}

/** Online Users (SUPER_ADMIN): everyone with a live connection, how many, and since when; live. */
export default function OnlineUsers() {
  const users = useOnlineUsers();
  const count =
    users === null ? 'Connecting…' : `${users.length} ${users.length === 1 ? 'person' : 'people'} online now`;
  return (
    <>
      <p className="subtitle is-6">
        <span data-online-count>{count}</span>
      </p>
      <div className="list-wrap">
        <table className="table is-fullwidth is-hoverable data-list online-users">
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Connections</th>
              <th scope="col">Online since (UTC)</th>
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
                <td data-label="Connections">{user.connections}</td>
                <td data-label="Online since">{since(user.since)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
