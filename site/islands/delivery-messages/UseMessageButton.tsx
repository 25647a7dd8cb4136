import { answerOf, client } from '../../lib/client.ts';
import { ActionButton } from '../kit/ActionButton.tsx';

interface Props {
  /** The signed-in user's id: the message becomes theirs. */
  me: string;
  slug: string;
  /** The directory's card has the small button; the message's own page the full one. */
  small?: boolean;
  /** Its words in the page's language: the button, and the toast once it is theirs. */
  words: { label: string; done: string };
}

/** "Use this message": the premade message becomes the user's delivery message, and the page says so. */
export default function UseMessageButton({ me, slug, small = false, words }: Props) {
  return (
    <ActionButton
      className={small ? 'button is-small is-primary' : 'button is-primary'}
      done={words.done}
      call={() =>
        answerOf(
          client.PATCH('/api/client/users/{id}/premade-messages', {
            params: { path: { id: me } },
            body: { deliveryMessage: slug },
          }),
        )
      }
    >
      {words.label}
    </ActionButton>
  );
}
