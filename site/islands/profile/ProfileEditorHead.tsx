import type { ProfileFormsT } from '../../i18n/profile-forms/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import { ActionButton } from '../kit/ActionButton.tsx';

/** Who Edit Profile edits, as its head shows them. */
export interface ProfileHead {
  id: string;
  username: string;
  /** The display name, else the username. */
  name: string;
  /** The avatar's address, 64 px. */
  avatar: string;
}

/** Edit Profile's head: the avatar and names, and Sync with Discord (the page loads again with Discord's). */
export function ProfileEditorHead({ profile, t }: { profile: ProfileHead; t: ProfileFormsT }) {
  return (
    <div className="profile-editor-head">
      <img data-avatar className="profile-avatar" src={profile.avatar} alt="" width="64" height="64" />
      <div>
        <p className="title is-5">{profile.name}</p>
        <p className="subtitle is-7">@{profile.username}</p>
      </div>
      <ActionButton
        className="button is-small is-discord"
        done={t('editor.synced')}
        failure={(message) => t('editor.syncFailed', { message })}
        call={() =>
          answerOf(client.PATCH('/api/client/users/{id}/sync-with-discord', { params: { path: { id: profile.id } } }))
        }
      >
        {t('editor.sync')}
      </ActionButton>
    </div>
  );
}
