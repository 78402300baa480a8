/** A position's name limits, shared by the server's check (positions.ts) and the console's field. */
export const positionRules = { min: 2, max: 60 } as const;
