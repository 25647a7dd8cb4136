import { answerOf, client } from '../../lib/client.ts';
import { ActionButton } from '../kit/ActionButton.tsx';

interface Props {
  /** The signed-in user's id: the message becomes theirs. */
  me: string;
  slug: string;
  title: string;
  /** The directory's card has the small button; the message's own page the full one. */
  small?: boolean;
}

/** "Use this message": the premade message becomes the user's delivery message, and the page says so. */
export default function UseMessageButton({ me, slug, title, small = false }: Props) {
  return (
    <ActionButton
      className={small ? 'button is-small is-primary' : 'button is-primary'}
      done={`“${title}” is now your delivery message.`}
      call={() =>
        answerOf(
          client.PATCH('/api/client/users/{id}/premade-messages', {
            params: { path: { id: me } },
            body: { deliveryMessage: slug },
          }),
        )
      }
    >
      Use this message
    </ActionButton>
  );
}
