import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_MESSAGE, fillDeliveryMessage } from './schemas.ts';

describe('fillDeliveryMessage', () => {
  const values = { customer: '<@1>', chef: 'Charlie', driver: 'Dana', item: 'a {chef} burger', orderID: 'AB23CD' };

  it('fills every placeholder, once, and leaves other braces alone', () => {
    expect(fillDeliveryMessage('{customer}: {item} by {chef}, {driver}, {orderID} {unknown}', values)).toBe(
      '<@1>: a {chef} burger by Charlie, Dana, AB23CD {unknown}',
    );
  });

  it('the default message greets the customer', () => {
    expect(DEFAULT_DELIVERY_MESSAGE).toContain('{customer}');
    expect(fillDeliveryMessage(DEFAULT_DELIVERY_MESSAGE, values)).toContain('<@1>');
  });
});
