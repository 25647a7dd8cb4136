import type { AdminStatisticsKey } from '../../i18n/admin-statistics/index.ts';
import { answerOf, client } from '../../lib/client.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { ActionButton } from '../kit/ActionButton.tsx';
import { useTexts } from '../kit/use-texts.ts';

interface Props {
  /** The stored weekly record's id. */
  id: string;
  /** Whose record it is, and the period's label, for the question and the toast. */
  name: string;
  period: string;
  /** The statistics screens' words in the page's language (site.admin-statistics). */
  texts: BrowserTexts<AdminStatisticsKey>;
}

/**
 * Management Statistics' Delete on a stored weekly record: asks first, then the page loads again with a toast; the
 * week's other records stay, and the deleted one is not written again (docs/statistics.md).
 */
export default function DeleteRecordButton({ id, name, period, texts }: Props) {
  const t = useTexts(texts);
  return (
    <ActionButton
      className="button is-small"
      confirm={t('delete.confirm', { name, period })}
      done={t('delete.done', { name })}
      call={() => answerOf(client.DELETE('/api/client/statistics/management/{id}', { params: { path: { id } } }))}
    >
      {t('delete.button')}
      <span className="is-sr-only">{t('delete.record', { name })}</span>
    </ActionButton>
  );
}
