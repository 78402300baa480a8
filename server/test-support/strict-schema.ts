/**
 * A schema's strict twin, all the way down: every object in it refuses keys it does not name, so
 * a server test that parses a real answer fails when the server sends a field the contract lacks
 * (zod's `.strict()` alone checks only the outermost object).
 */
import { z } from "zod";

export function deepStrict(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    return z.strictObject(Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, deepStrict(field)])));
  }
  if (schema instanceof z.ZodArray) return z.array(deepStrict(schema.element as z.ZodType));
  if (schema instanceof z.ZodNullable) return deepStrict(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodOptional) return deepStrict(schema.unwrap() as z.ZodType).optional();
  return schema;
}
