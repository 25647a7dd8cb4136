/** Discord snowflakes: an ID is valid only if numeric and at least 16 characters. */
export const ID_MIN_LENGTH = 16;
export const SNOWFLAKE_EPOCH = 1420070400000;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && value.length >= ID_MIN_LENGTH && /^\d+$/.test(value);
}

/** The moment an ID was made: value / 4194304 + 1420070400000 ms. */
export function idDate(id: string): Date {
  return new Date(Number(BigInt(id) >> 22n) + SNOWFLAKE_EPOCH);
}
