import type { Announcement } from '../../../plugins/settings/schemas.ts';
import type { AdminSettingsKey } from '../../i18n/admin-settings/index.ts';
import { ANNOUNCEMENT_MAX, announcementHtml } from '../../lib/announcement.ts';
import type { RefusalWords } from '../../lib/refusal.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { Switch } from '../kit/Switch.tsx';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';
import { AnnouncementColours } from './AnnouncementColours.tsx';
import { useAnnouncementForm } from './use-announcement-form.ts';

const COUNTER_CLASS = { ok: 'tag vd-tag', near: 'tag vd-state-warning', over: 'tag vd-state-danger' } as const;

/**
 * The Announce page's form: on or off, the colour, the markdown text with its counter, and the live preview, which
 * is the banner's own markup and HTML (site/lib/announcement.ts announcementHtml, on the server and as you type).
 * Over 2,000 characters Save is disabled and the text marked invalid; everything is disabled until hydrated.
 */
export default function AnnouncementForm({
  announcement: initial,
  texts,
  refusalWords,
}: {
  announcement: Announcement;
  texts: BrowserTexts<AdminSettingsKey>;
  /** A refusal's words in the page's language (`refusalWords`). */
  refusalWords: RefusalWords;
}) {
  const hydrated = useHydrated();
  const t = useTexts(texts);
  const { announcement, change, counter, over, problem, busy, submit } = useAnnouncementForm(initial, t, refusalWords);
  return (
    <form className="box announcement-form" aria-labelledby="announcement-form-title" noValidate onSubmit={submit}>
      <h2 className="title is-5" id="announcement-form-title">
        {t('announce.banner')}
      </h2>
      <div className="field">
        <Switch
          className="setting-check"
          name="enabled"
          checked={announcement.enabled}
          onChange={(enabled) => change({ enabled })}
          disabled={!hydrated}
        >
          {t('announce.show')}
        </Switch>
      </div>

      <AnnouncementColours type={announcement.type} onChange={(type) => change({ type })} disabled={!hydrated} t={t} />

      <div className="field">
        <label className="label" htmlFor="announcement-content">
          {t('announce.text')}
        </label>
        <textarea
          className={over ? 'textarea is-danger' : 'textarea'}
          id="announcement-content"
          name="content"
          rows={4}
          aria-describedby="announcement-help announcement-count announcement-problem"
          aria-invalid={over || undefined}
          value={announcement.content}
          onChange={(event) => change({ content: event.target.value })}
          disabled={!hydrated}
        />
        <div className="announcement-meta">
          <p className="help" id="announcement-help">
            {t('announce.markdown')} <code>**bold**</code>, <code>*italic*</code>, <code>[a link](https://…)</code>,{' '}
            <code>`code`</code>. {t('announce.html')}
          </p>
          <p className="help announcement-count" id="announcement-count">
            <span className={COUNTER_CLASS[counter.state]} data-announcement-count data-state={counter.state}>
              {t('announce.counter', { length: announcement.content.length, max: ANNOUNCEMENT_MAX })}
            </span>
            <span className="is-sr-only">{t('announce.counterOf', { max: ANNOUNCEMENT_MAX })}</span>
          </p>
        </div>
        <p className="help is-danger" id="announcement-problem" role="alert">
          {problem}
        </p>
      </div>

      <div className="field">
        <p className="label" id="announcement-preview-title">
          {t('announce.preview')}
        </p>
        {/* biome-ignore lint/a11y/useSemanticElements: a box shown as the banner, not form controls: a fieldset would need a legend and draw its own border */}
        <div className="announcement-preview" role="group" aria-labelledby="announcement-preview-title">
          <div
            className={`notification announcement ${announcement.type}`}
            data-testid="announcement-preview"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the banner's own HTML, inline markdown rendered without raw HTML or dangerous link protocols (core/markdown.ts), as the server renders it
            dangerouslySetInnerHTML={{ __html: announcementHtml(announcement.content) }}
          />
        </div>
        <p className="help" hidden={announcement.enabled}>
          {t('announce.off')}
        </p>
      </div>

      <div className="buttons">
        <button
          className={busy ? 'button is-primary is-loading' : 'button is-primary'}
          type="submit"
          aria-describedby="announcement-problem"
          disabled={!hydrated || over}
        >
          {t('announce.save')}
        </button>
      </div>
    </form>
  );
}
