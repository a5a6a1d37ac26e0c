// Issue 25 item 3: query strings carry text, and the app validates with coerceTypes off (a JSON body's "30" is not
// 30: app.ts). An admin route's `?limit=50&blocked=true` should still read as the integer and boolean its schema
// (and so its OpenAPI document) declares: before validation, a query value whose declared type is integer, number
// or boolean — alone or as an array's items — is converted when its text is exactly such a value. Anything else is
// left as text for the schema to refuse, so a bad value is still a 400.

interface PropertySchema {
  type?: unknown;
  items?: PropertySchema;
  anyOf?: PropertySchema[];
}

const INTEGER = /^-?(0|[1-9][0-9]{0,15})$/;
const NUMBER = /^-?(0|[1-9][0-9]{0,15})(\.[0-9]{1,15})?$/;

function typesOf(schema: PropertySchema | undefined): string[] {
  if (schema === undefined) return [];
  if (Array.isArray(schema.anyOf)) return schema.anyOf.flatMap(typesOf);
  return typeof schema.type === 'string' ? [schema.type] : [];
}

function coerceScalar(value: unknown, schema: PropertySchema | undefined): unknown {
  if (typeof value !== 'string') return value;
  const types = typesOf(schema);
  if (types.includes('integer') && INTEGER.test(value)) return Number(value);
  if (types.includes('number') && NUMBER.test(value)) return Number(value);
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** Converts `query`'s values in place as its route's querystring schema declares them. */
export function coerceQuery(schema: unknown, query: unknown): void {
  if (typeof query !== 'object' || query === null) return;
  const properties = (schema as { properties?: Record<string, PropertySchema> } | undefined)?.properties;
  if (properties === undefined) return;
  const values = query as Record<string, unknown>;
  for (const [name, property] of Object.entries(properties)) {
    const value = values[name];
    if (value === undefined) continue;
    if (typesOf(property).includes('array')) {
      // `?type=a` parses as one string: an array property takes it as a list of one.
      const list = Array.isArray(value) ? value : [value];
      values[name] = list.map((item) => coerceScalar(item, property.items));
    } else {
      values[name] = coerceScalar(value, property);
    }
  }
}
