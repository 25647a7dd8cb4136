import { $gatewayStatus } from '../../stores/gateway.ts';
import { useAfterHydration } from '../use-after-hydration.ts';
import { type KitchenFigures, useKitchenNow } from './use-kitchen-now.ts';

const LABELS: Record<keyof KitchenFigures, string> = {
  waiting: 'Waiting',
  cooking: 'Cooking',
  ready: 'Ready',
  drivers: 'Drivers in the queue',
};

/** The dashboard's "The kitchen now" for kitchen staff: waiting, cooking, ready and queued drivers, live. */
export default function KitchenNowFigures({ initial }: { initial: KitchenFigures }) {
  const figures = useKitchenNow(initial);
  const live = useAfterHydration($gatewayStatus, 'idle') === 'connected';
  return (
    <>
      <div className="dashboard-head">
        <h2 className="title is-5" id="kitchen-now">
          The kitchen now
        </h2>
        <span className="tag vd-tag" hidden={!live}>
          Live
        </span>
      </div>
      <dl className="staff-figures" data-kitchen-now>
        {(Object.keys(LABELS) as (keyof KitchenFigures)[]).map((key) => (
          <div className="box" key={key}>
            <dt>{LABELS[key]}</dt>
            <dd className="figure-value" data-figure={key}>
              {figures[key].toLocaleString('en-GB')}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
