import { useState } from 'react';
import type { ReportOrderTexts } from '../../i18n/report-order/index.ts';
import type { RefusalWords } from '../../lib/refusal.ts';
import { useTexts } from '../kit/use-texts.ts';
import { CheckOrderForm } from './CheckOrderForm.tsx';
import type { Checked } from './checked.ts';
import { FileReportForm } from './FileReportForm.tsx';

/**
 * The feedback menu's report (perk FEEDBACK_BETA): check an order ID first; when it can be reported, choose what
 * went wrong and tell what happened. On success the page loads again (the caller's reports are rendered by the
 * server) with a toast.
 */
export default function ReportOrder({
  texts,
  refusalWords,
}: {
  texts: ReportOrderTexts;
  /** A refusal's words in the page's language (`refusalWords`). */
  refusalWords: RefusalWords;
}) {
  const t = useTexts(texts);
  const [checked, setChecked] = useState<Checked | null>(null);
  return (
    <>
      <CheckOrderForm checked={checked} onChecked={setChecked} t={t} words={refusalWords} />
      {checked?.orderID && (
        <FileReportForm key={checked.orderID} orderID={checked.orderID} t={t} words={refusalWords} />
      )}
    </>
  );
}
