/**
 * Settings from a `.env` file in the working folder, read at start-up by the server and the
 * operator CLI. Variables already in the environment win (process.loadEnvFile keeps them), so
 * the file holds defaults and the environment overrides them. Without a file nothing happens.
 */
import fs from "node:fs";
import path from "node:path";

/** Loads `file` into process.env when it exists; returns whether it did. */
export function loadEnvFileIfPresent(file = path.resolve(".env")): boolean {
  if (!fs.existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}
