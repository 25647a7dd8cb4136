import { type SubmitEvent, useState } from 'react';
import { type Announcement, AnnouncementSchema, settingBodySchema } from '../../../plugins/settings/schemas.ts';
import { ANNOUNCEMENT_MAX, type CounterState, characterCounter } from '../../lib/announcement.ts';
import { errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import { toast } from '../../lib/toast.ts';
import type { SettingsText } from './SettingForm.tsx';

/**
 * The Announce page's form state: the announcement as edited, its counter, and the line under the text (too long,
 * or the server's refusal until the next change). Over 2,000 characters it is not sent; otherwise it is checked with
 * the route's own schema (the server's message without a call: text PostgreSQL cannot store), then the whole
 * announcement goes to POST /api/client/settings/currentAnnouncement (`busy` meanwhile, at least 200 ms) and a toast
 * says whether the banner is on.
 */
export function useAnnouncementForm(
  initial: Announcement,
  t: SettingsText,
  words: RefusalWords,
): {
  announcement: Announcement;
  change: (part: Partial<Announcement>) => void;
  counter: { text: string; state: CounterState };
  over: boolean;
  problem: string;
  busy: boolean;
  submit: (event: SubmitEvent<HTMLFormElement>) => Promise<void>;
} {
  const [announcement, setAnnouncement] = useState(initial);
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);
  const counter = characterCounter(announcement.content.length);
  const over = counter.state === 'over';
  const change = (part: Partial<Announcement>) => {
    setAnnouncement((current) => ({ ...current, ...part }));
    setRefusal('');
  };
  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (over || busy) return;
    const refused = refusalOf(settingBodySchema(AnnouncementSchema), { val: announcement }, {}, 'body', words);
    if (refused) return setRefusal(refused.message);
    setBusy(true);
    try {
      await withMinimumDisplay(
        answerOf(client.POST('/api/client/settings/currentAnnouncement', { body: { val: announcement } })),
      );
      toast(announcement.enabled ? t('announce.savedOn') : t('announce.savedOff'), 'is-success');
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return {
    announcement,
    change,
    counter,
    over,
    problem: over ? t('announce.tooLong', { max: ANNOUNCEMENT_MAX }) : refusal,
    busy,
    submit,
  };
}
