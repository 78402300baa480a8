/**
 * A schema's strict twin, all the way down: every object in it refuses keys it does not name, so
 * a server test that parses a real answer fails when the server sends a field the contract lacks
 * (zod's `.strict()` alone checks only the outermost object).
 */
import { z } from "zod";

/** The same output type as `schema`: a strict parse of a value is still typed as the contract says. */
export function deepStrict<T extends z.ZodType>(schema: T): z.ZodType<z.output<T>> {
  return strictly(schema) as z.ZodType<z.output<T>>;
}

function strictly(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    return z.strictObject(Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, strictly(field)])));
  }
  if (schema instanceof z.ZodArray) return z.array(strictly(schema.element as z.ZodType));
  if (schema instanceof z.ZodNullable) return strictly(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodOptional) return strictly(schema.unwrap() as z.ZodType).optional();
  return schema;
}
