import { Fragment, type ReactNode } from 'react';
import type { Perk } from '../../../core/shared/permissions.ts';
import { DELIVERY_MESSAGE_MAX, DELIVERY_MESSAGE_PLACEHOLDERS } from '../../../plugins/users/schemas.ts';
import type { ProfileFormsTexts } from '../../i18n/profile-forms/index.ts';
import type { RefusalWords } from '../../lib/refusal.ts';
import { ErrorLine } from '../kit/ErrorLine.tsx';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { TextField } from '../kit/TextField.tsx';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';
import { PerkChoices } from './PerkChoices.tsx';
import { ProfileEditorHead, type ProfileHead } from './ProfileEditorHead.tsx';
import { useProfileEditor } from './use-profile-editor.ts';

interface Props {
  profile: ProfileHead;
  /** Where the profile is (and where saving returns). */
  profileHref: string;
  displayName: string;
  /** The delivery message, for those who deliver or have one; null: the field is not shown. */
  deliveryMessage: string | null;
  /** A user manager on someone else: the perks given by hand; null: the user themself. */
  perks: string[] | null;
  /** Each perk's name in the page's language (site.labels), for the perk checkboxes. */
  perkNames: Readonly<Record<Perk, string>>;
  /** The perks grants hold (GrantedList), under the perk checkboxes. */
  children?: ReactNode;
  /** Its words, in the page's language (site/i18n/profile-forms). */
  texts: ProfileFormsTexts;
  /** A refusal's words in the page's language (`refusalWords`). */
  refusalWords: RefusalWords;
}

const others = DELIVERY_MESSAGE_PLACEHOLDERS.filter((p) => p !== '{customer}');

/** Edit Profile's form: display name, delivery message, perks (a user manager), Sync with Discord; Save returns to the profile. */
export default function ProfileEditor({
  profile,
  profileHref,
  displayName,
  deliveryMessage,
  perks,
  perkNames,
  children,
  texts,
  refusalWords,
}: Props) {
  const hydrated = useHydrated();
  const t = useTexts(texts);
  const editor = useProfileEditor({
    userId: profile.id,
    profileHref,
    displayName,
    deliveryMessage,
    perks,
    t,
    words: refusalWords,
  });
  const { problem, busy } = editor.save;
  const off = !hydrated || busy;

  return (
    <form className="profile-editor box" id="profile-editor" noValidate onSubmit={editor.submit}>
      <ProfileEditorHead profile={profile} t={t} />
      <TextField
        id="displayName"
        name="displayName"
        label={t('editor.displayName')}
        help={t('editor.displayNameHelp')}
        maxLength={32}
        placeholder={profile.username}
        value={editor.fields.displayName}
        disabled={off}
        onChange={editor.set.displayName}
      />
      {deliveryMessage !== null && (
        <TextField
          id="deliveryMessage"
          name="deliveryMessage"
          label={t('editor.deliveryMessage')}
          help={
            <>
              {t('editor.deliveryHelpGreet')} <code>{'{customer}'}</code>
              {t('editor.deliveryHelpAlso')}{' '}
              {others.map((p, i) => (
                <Fragment key={p}>
                  <code>{p}</code>
                  {i < others.length - 1 ? ', ' : '.'}
                </Fragment>
              ))}{' '}
              {t('editor.deliveryHelpEmpty')}
            </>
          }
          rows={4}
          maxLength={DELIVERY_MESSAGE_MAX}
          problem={problem}
          errorId="profile-error"
          value={editor.fields.deliveryMessage}
          disabled={off}
          onChange={editor.set.deliveryMessage}
        />
      )}
      {perks !== null && (
        <PerkChoices held={editor.fields.perks} names={perkNames} disabled={off} onToggle={editor.set.perk} t={t}>
          {children}
        </PerkChoices>
      )}
      <ErrorLine id="profile-error" problem={problem} focus data-form-error />
      <div className="buttons">
        <a className="button" href={profileHref}>
          {t('editor.cancel')}
        </a>
        <SubmitButton className="is-primary" busy={busy} disabled={!hydrated}>
          {t('editor.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
