import { intlTag } from '../../../core/shared/intl-tag.ts';
import type { DashboardTextKey } from '../../i18n/dashboard/index.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { $gatewayStatus } from '../../stores/gateway.ts';
import { useTexts } from '../kit/use-texts.ts';
import { useAfterHydration } from '../use-after-hydration.ts';
import { type KitchenFigures, useKitchenNow } from './use-kitchen-now.ts';

const FIGURES: readonly (keyof KitchenFigures)[] = ['waiting', 'cooking', 'ready', 'drivers'];

/** The dashboard's "The kitchen now" for kitchen staff: waiting, cooking, ready and queued drivers, live. */
export default function KitchenNowFigures({
  initial,
  texts,
}: {
  initial: KitchenFigures;
  /** The dashboard's catalogue in the page's language. */
  texts: BrowserTexts<DashboardTextKey>;
}) {
  const t = useTexts(texts);
  const figures = useKitchenNow(initial);
  const live = useAfterHydration($gatewayStatus, 'idle') === 'connected';
  return (
    <>
      <div className="dashboard-head">
        <h2 className="title is-5" id="kitchen-now">
          {t('kitchen.title')}
        </h2>
        <span className="tag vd-tag" hidden={!live}>
          {t('kitchen.live')}
        </span>
      </div>
      <dl className="staff-figures" data-kitchen-now>
        {FIGURES.map((key) => (
          <div className="box" key={key}>
            <dt>{t(`kitchen.${key}`)}</dt>
            <dd className="figure-value" data-figure={key}>
              {figures[key].toLocaleString(intlTag(texts.locale))}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
