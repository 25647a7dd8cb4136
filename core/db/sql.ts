/**
 * SQL fragments plain-SQL write paths share (their statements are strings with `?` parameters; MikroORM writes the
 * values into them).
 */

/** A `text[]` from one parameter holding a JSON array of strings (pass `JSON.stringify(array)`), in order. */
export const TEXT_ARRAY = `array(select "v" from jsonb_array_elements_text(?::jsonb) with ordinality as "t"("v", "i") order by "i")`;
