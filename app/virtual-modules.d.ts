/** The analytics chunk's URL (scripts/measurement-chunk.ts). */
declare module "virtual:collector-url" {
  const url: string;
  export default url;
}
