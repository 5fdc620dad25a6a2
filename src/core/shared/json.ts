// JSON as the JWT and key contexts read it: an object, at most 64 levels deep, whose members are read as its own.

/** The deepest nesting a token segment, a JWK or a JWK Set may have (contract §4, §4f). */
export const MAX_JSON_DEPTH = 64;

export type JsonObject = { [key: string]: unknown };

/** A member of `object` itself, never one inherited (`__proto__`, `constructor`). */
export const own = (object: JsonObject, key: string): unknown => (Object.hasOwn(object, key) ? object[key] : undefined);
