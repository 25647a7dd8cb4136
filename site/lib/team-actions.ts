import { rankTextColour as textColour } from '../../plugins/ranks/schemas.ts';
import type { BulkUpdateTeamsResponse, TeamView } from '../../plugins/teams/schemas.ts';
import { api, errorMessage, withMinimumDisplay } from './api.ts';
import { toast, toastOnNextPage } from './toast.ts';

/** After a change: the page loads again (the server renders the new state), or goes to `href`, with a toast. */
function go(message: string, href?: string): void {
  toastOnNextPage(message, 'is-success');
  if (href) location.assign(href);
  else location.reload();
}

/** A button's work, once confirmed (`data-confirm`), the button disabled meanwhile; a failure is a toast. */
function guarded(button: HTMLButtonElement, work: () => Promise<void>): void {
  button.addEventListener('click', async () => {
    if (button.dataset.confirm && !confirm(button.dataset.confirm)) return;
    button.disabled = true;
    try {
      await withMinimumDisplay(work());
    } catch (error) {
      toast(errorMessage(error), 'is-danger');
      button.disabled = false;
    }
  });
}

/** Binds `action` to every button under `root` that `selector` finds, each guarded as above. */
function guardEach(root: ParentNode, selector: string, action: (button: HTMLButtonElement) => Promise<void>): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>(selector)) guarded(button, () => action(button));
}

/** Edit Profile's Team (TeamChoice.astro): a customer's own join and leave. */
export function bindTeamChoice(root: ParentNode = document): void {
  guardEach(root, '[data-team-join]', async (button) => {
    await api('POST', `/api/client/teams/${button.dataset.teamJoin}/join`);
    go(`You joined ${button.dataset.teamName}.`);
  });
  guardEach(root, '[data-team-leave]', async (button) => {
    await api('POST', `/api/client/teams/${button.dataset.teamLeave}/leave`);
    go(`You left ${button.dataset.teamName}.`);
  });
}

/**
 * The Team Manager's forms and buttons: plain HTML marked with data attributes, sent with fetch; on success the page
 * loads again (the server renders the new state) with a toast.
 */
export function bindTeamActions(root: ParentNode = document): void {
  // Create (data-team-form="") or edit (data-team-form="<id>").
  root.querySelectorAll<HTMLFormElement>('form[data-team-form]').forEach((form) => {
    const preview = form.querySelector<HTMLElement>('[data-team-preview]');
    const refresh = () => {
      if (!preview) return;
      const data = new FormData(form);
      preview.style.backgroundColor = String(data.get('colour'));
      preview.style.color = textColour(String(data.get('colour')));
      preview.textContent = `${String(data.get('icon') ?? '')} ${String(data.get('name') ?? '') || 'Team name'}`;
    };
    form.addEventListener('input', refresh);
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const team = {
        name: String(data.get('name') ?? ''),
        colour: String(data.get('colour') ?? ''),
        icon: String(data.get('icon') ?? ''),
        description: String(data.get('description') ?? ''),
      };
      const id = form.dataset.teamForm;
      try {
        if (id) {
          await api('PATCH', `/api/client/teams/${id}`, team);
          go('Team saved.');
        } else {
          const created = await api<{ team: TeamView }>('POST', '/api/client/teams', team);
          go(`Team ${created.team.name} created.`, `/staff/admin/teams?team=${created.team._id}`);
        }
      } catch (error) {
        toast(errorMessage(error), 'is-danger');
      }
    });
  });

  guardEach(root, '[data-team-delete]', async (button) => {
    await api('DELETE', `/api/client/teams/${button.dataset.teamDelete}`);
    go('Team deleted: its members have no team now.', '/staff/admin/teams');
  });
  guardEach(root, '[data-team-reset]', async (button) => {
    await api('POST', `/api/client/teams/reset-orders/${button.dataset.teamReset}`);
    go('Orders reset to 0.');
  });
  // Add to a team (data-team-member = user, data-team = team) or remove from it (data-team = "").
  guardEach(root, '[data-team-member]', async (button) => {
    const teamID = button.dataset.team || null;
    await api('PATCH', '/api/client/teams/update-user-team', { userID: button.dataset.teamMember, teamID });
    go(teamID ? 'Added to the team.' : 'Removed from the team.', button.dataset.next);
  });
  guardEach(root, '[data-team-balance]', async () => {
    const { moved } = await api<BulkUpdateTeamsResponse>('POST', '/api/client/teams/bulk-update-teams', {
      mode: 'balance',
    });
    go(moved.length === 1 ? '1 staff member placed in a team.' : `${moved.length} staff members placed in teams.`);
  });
}
