/**
 * The Node.js this project supports, checked before anything else loads: the server and the
 * operator CLI import this module first. On an older Node they would otherwise fail far from the
 * cause (better-sqlite3's prebuilt binary crashes Node 20 with a segmentation fault).
 */

/** Oldest supported major: Node 24 LTS, as in `engines` and `.nvmrc` (a unit test keeps them equal). */
export const supportedNodeMajor = 24;

/** Why `version` (as in `process.versions.node`) cannot run the project, or undefined when it can. */
export function unsupportedNodeMessage(version: string): string | undefined {
  const major = Number(version.split(".")[0]);
  if (major >= supportedNodeMajor) return undefined;
  return (
    `Node.js ${version} is too old: this server needs Node.js ${supportedNodeMajor} LTS or later.\n` +
    `Start it through npm (npm start, npm run serve, npm run admin): npm install brings Node ${supportedNodeMajor} ` +
    `into node_modules/.bin on Linux x64. Elsewhere, install Node ${supportedNodeMajor} (the version in .nvmrc).`
  );
}

const problem = unsupportedNodeMessage(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
