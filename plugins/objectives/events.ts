import type { ObjectiveCompletedData } from './schemas.ts';

/**
 * The objectives plugin's events, published after commit. `objectiveCompleted` goes to the user's own sockets
 * (index.ts): an order delivery made one of their objectives claimable. Published once per objective and user (the
 * `objective_completions` row), whichever process heard the delivery first.
 */
declare module '../../core/events.ts' {
  interface DomainEvents {
    objectiveCompleted: ObjectiveCompletedData & { userId: string };
  }
}

/** One of the socket's user's objectives became claimable (index.ts). */
declare module '../../core/gateway/protocol.ts' {
  interface GatewayEvents {
    objectiveCompleted: ObjectiveCompletedData;
  }
}
