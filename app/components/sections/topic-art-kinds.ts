/**
 * The pictures topic-art.tsx draws, one per service (content/services.ts names its own), so no two
 * service pages share a picture. Technologies need no kind: each picture is built around the
 * technology's own mark.
 */
export const serviceArtKinds = ["phones", "browser", "cloud", "network", "migration", "pipeline", "mesh"] as const;
export type ServiceArtKind = (typeof serviceArtKinds)[number];
