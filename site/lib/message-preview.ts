import { SAMPLE_ORDER } from '../../plugins/delivery-messages/schemas.ts';
import { fillDeliveryMessage } from '../../plugins/users/schemas.ts';

/** A delivery message filled with the sample order, as every preview shows it (server-rendered and as you type). */
export const previewOf = (message: string) => fillDeliveryMessage(message, SAMPLE_ORDER);
