import type { CurrentUser } from '../../core/auth/sessions.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import { DELETED_USER_NAME, type ErasureResult, type PersonalDataExport } from '../../core/personal-data.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { usersText } from './i18n/index.ts';

export type MyDataDeps = Pick<ServiceKernel, 'personalData' | 'audit'>;

/**
 * Users own their data (docs/my-data.md): the export and the deletion of the signed-in user's account, through every
 * plugin's contribution (core/personal-data.ts). The routes are the users plugin's (api.ts).
 */
export class MyDataService {
  readonly #deps: MyDataDeps;

  constructor(deps: MyDataDeps) {
    this.#deps = deps;
  }

  /** Everything held about the user, as one JSON document. */
  async exportFor(userId: string): Promise<PersonalDataExport> {
    const data = await this.#deps.personalData.exportFor(userId);
    if (!data) throw localizedError(usersText, 'not_found', 'refusal.userNotFound');
    return data;
  }

  /**
   * Deletes the user's account once they typed their username: subscriptions cancelled at Stripe first (a failure
   * refuses, nothing changed), then one transaction erases and pseudonymises every plugin's rows and records
   * `user.account.delete` under the pseudonym; their sessions end and their sockets close after the commit.
   */
  async deleteAccount(user: Pick<CurrentUser, 'id' | 'username'>, confirmation: string): Promise<ErasureResult> {
    if (confirmation !== user.username)
      throw localizedError(usersText, 'bad_request', 'refusal.deleteConfirmation', { username: user.username });
    return this.#deps.personalData.erase(user.id, async (em, { pseudonymId }) => {
      await this.#deps.audit.record(em, {
        actor: { id: pseudonymId, username: DELETED_USER_NAME, displayName: null },
        action: 'user.account.delete',
        target: { type: 'user', id: pseudonymId, name: DELETED_USER_NAME },
        before: null,
        after: null,
      });
    });
  }
}
