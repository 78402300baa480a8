import { simpleIconMarks } from "./tech-marks-data";

/**
 * The marks a technology may name (content/schemas.ts): simple-icons' (tech-marks-data.ts) and
 * the symbols tech-marks.tsx draws for disciplines that have no brand mark.
 */
export const drawnMarkNames = ["neural-network", "ml-pipeline"] as const;
export const techMarkNames = [...(Object.keys(simpleIconMarks) as (keyof typeof simpleIconMarks)[]), ...drawnMarkNames];
export type TechMarkName = (typeof techMarkNames)[number];
