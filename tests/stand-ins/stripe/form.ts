/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracket nesting, as the SDK writes it
 * (`line_items[0][price]=price_1&metadata[userId]=42&expand[0]=items`). Numeric keys make arrays.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function parseStripeForm(text: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const head = rawKey.match(/^[^[]+/)?.[0];
    if (!head) continue;
    const path = [head, ...[...rawKey.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)];
    let node: Record<string, FormValue> = root;
    for (let i = 0; i < path.length; i++) {
      let key = path[i]!;
      if (key === '') key = String(Object.keys(node).length); // `expand[]=a&expand[]=b`
      if (i === path.length - 1) {
        node[key] = value;
      } else {
        node[key] ??= {};
        node = node[key] as Record<string, FormValue>;
      }
    }
  }
  return arrays(root) as Record<string, FormValue>;
}

/** Objects whose keys are 0..n-1 become arrays, deepest first. */
function arrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  for (const key of keys) value[key] = arrays(value[key]!);
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return keys.map((k) => value[k]!);
  return value;
}
