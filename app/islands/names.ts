/**
 * Which islands wait for the visitor: a form's code (its fields, checks, proof of work; 20 to 60 KB
 * gzip) is fetched only when the visitor starts using the form or it scrolls into view, while the
 * shell's islands hydrate after the first paint. Kept apart from parts.ts so that the browser
 * entry can read it without importing every island.
 */
export const formIslandNames: readonly string[] = ["contact-form", "career-form", "feedback-form"];

export const isFormIsland = (name: string) => formIslandNames.includes(name);
