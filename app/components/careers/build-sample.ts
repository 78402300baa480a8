/**
 * The sample the careers templates are prerendered with, handed from the routes' build-time
 * loaders to their components. The loaders run only in the prerender (React Router leaves them
 * and what only they import, the first roles and the Markdown parser, out of the browser's
 * bundle), so the sample never reaches the browser: there the routes read the page's own data.
 * Not returned as loader data, which the page would carry, stale, in an inline script for ever.
 */
import type { CareerListData, RolePageData } from "./careers-data";

const samples: { list?: CareerListData; role?: RolePageData } = {};

export function keepSample(sample: CareerListData | RolePageData): null {
  if (sample.kind === "list") samples.list = sample;
  else samples.role = sample;
  return null;
}

export function sampleOf<K extends "list" | "role">(kind: K): NonNullable<(typeof samples)[K]> {
  const sample = samples[kind];
  if (!sample) throw new Error(`No careers sample of kind ${kind}: its route's loader has not run.`);
  return sample as NonNullable<(typeof samples)[K]>;
}
