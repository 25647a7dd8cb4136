import type { EventBus, EventName } from '../events.ts';
import type { AnyPlugin, GatewayFilters } from '../plugin.ts';
import type { GatewayHub } from './hub.ts';
import type { GatewayDispatch } from './protocol.ts';

type AnyFilter = (payload: unknown) => GatewayDispatch | readonly GatewayDispatch[] | null;

/**
 * Subscribes the hub to every plugin's gateway filters: for each domain event a plugin maps, the event bus calls the
 * filter and the hub sends what it returns to its audience. A filter that throws is logged by the bus.
 */
export function wireGatewayFilters(plugins: readonly AnyPlugin[], events: EventBus, hub: GatewayHub): void {
  for (const plugin of plugins) {
    const filters: GatewayFilters = plugin.gateway ?? {};
    for (const [event, filter] of Object.entries(filters) as [EventName, AnyFilter | undefined][]) {
      if (!filter) continue;
      events.on(event, (payload) => {
        const out = filter(payload);
        if (out === null) return;
        for (const dispatch of Array.isArray(out) ? (out as readonly GatewayDispatch[]) : [out as GatewayDispatch])
          hub.dispatch(dispatch);
      });
    }
  }
}
