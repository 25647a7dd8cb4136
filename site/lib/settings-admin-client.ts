import { isSettingKey } from '../../plugins/settings/schemas.ts';
import { api, errorMessage, withMinimumDisplay } from './api.ts';
import { markInvalid } from './field-errors.ts';
import { settingLabel, settingValue } from './settings.ts';
import { toast } from './toast.ts';

/**
 * Site Settings' General tab: each setting's form sends its value on its own (POST /api/client/settings/{key}
 * `{ val }`). Saved: a toast, and the page keeps what was typed. Refused: the server's message beside the control
 * (the controls marked invalid) and nothing saved.
 */
export function bindSettingsAdmin(root: ParentNode = document): void {
  root.querySelectorAll<HTMLFormElement>('form[data-setting]').forEach((form) => {
    const key = form.dataset.setting!;
    if (!isSettingKey(key)) return;
    const problem = form.querySelector<HTMLElement>('[data-setting-error]')!;
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    const controls = () => form.querySelectorAll<HTMLInputElement>('input, select, textarea');
    const showProblem = (message: string) => {
      problem.textContent = message;
      for (const control of controls()) markInvalid(control, problem, message !== '');
    };
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      submit.classList.add('is-loading');
      try {
        await withMinimumDisplay(
          api('POST', `/api/client/settings/${key}`, { val: settingValue(key, new FormData(form)) }),
        );
        showProblem('');
        toast(`${settingLabel(key)} saved.`, 'is-success');
      } catch (error) {
        showProblem(errorMessage(error));
      } finally {
        submit.classList.remove('is-loading');
      }
    });
  });
}
