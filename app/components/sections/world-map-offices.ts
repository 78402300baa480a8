// Written by `npm run world-map` (scripts/world-map.ts) from the offices in app/content/company-pages.ts.
export const mapSize = { width: 1000, height: 440 } as const;

export const officePins = [
  { city: "San Francisco", x: 196.3, y: 140.5 },
  { city: "London", x: 499.8, y: 98.7 },
  { city: "Bengaluru", x: 705.4, y: 217.5 },
  { city: "Sydney", x: 880.8, y: 362.1 },
] as const;
