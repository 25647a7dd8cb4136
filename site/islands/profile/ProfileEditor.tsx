import { Fragment, type ReactNode } from 'react';
import { DELIVERY_MESSAGE_MAX, DELIVERY_MESSAGE_PLACEHOLDERS } from '../../../plugins/users/schemas.ts';
import { ErrorLine } from '../kit/ErrorLine.tsx';
import { SubmitButton } from '../kit/SubmitButton.tsx';
import { TextField } from '../kit/TextField.tsx';
import { useHydrated } from '../kit/use-hydrated.ts';
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
  /** The perks grants hold (GrantedList), under the perk checkboxes. */
  children?: ReactNode;
}

const others = DELIVERY_MESSAGE_PLACEHOLDERS.filter((p) => p !== '{customer}');

/** Edit Profile's form: display name, delivery message, perks (a user manager), Sync with Discord; Save returns to the profile. */
export default function ProfileEditor({ profile, profileHref, displayName, deliveryMessage, perks, children }: Props) {
  const hydrated = useHydrated();
  const editor = useProfileEditor({ userId: profile.id, profileHref, displayName, deliveryMessage, perks });
  const { problem, busy } = editor.save;
  const off = !hydrated || busy;

  return (
    <form className="profile-editor box" id="profile-editor" noValidate onSubmit={editor.submit}>
      <ProfileEditorHead profile={profile} />
      <TextField
        id="displayName"
        name="displayName"
        label="Display name"
        help="Up to 32 characters. Leave it empty to use your Discord name."
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
          label="Delivery message"
          help={
            <>
              What the bot sends with the orders you deliver. It must greet <code>{'{customer}'}</code>; you may also
              use{' '}
              {others.map((p, i) => (
                <Fragment key={p}>
                  <code>{p}</code>
                  {i < others.length - 1 ? ', ' : '.'}
                </Fragment>
              ))}{' '}
              Leave it empty for the bot's default message.
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
        <PerkChoices held={editor.fields.perks} disabled={off} onToggle={editor.set.perk}>
          {children}
        </PerkChoices>
      )}
      <ErrorLine id="profile-error" problem={problem} focus data-form-error />
      <div className="buttons">
        <a className="button" href={profileHref}>
          Cancel
        </a>
        <SubmitButton className="is-primary" busy={busy} disabled={!hydrated}>
          Save
        </SubmitButton>
      </div>
    </form>
  );
}
