/**
 * What every console route module is given (plugin.ts builds it once). Its own module, so the
 * route modules need not import plugin.ts, which imports them.
 */
import type { StaffRoleTable } from "../../contracts/staff/permissions";
import type { Config } from "../config";
import type { Storage } from "../db/db";
import type { AddRedirect } from "../content/redirect-seam";
import type { ImageUses } from "../content/image-seam";

export interface RouteContext {
  config: Config;
  storage: Storage;
  now: () => Date;
  cookieName: string;
  secure: boolean;
  onQueued?: () => void;
  /** The staff roles and what each permits (contracts/staff/permissions.ts). */
  staffRoles: StaffRoleTable;
  /** The redirects part's addRedirect, for a live item's changed slug (server/content/redirect-seam.ts); tests give their own. */
  addRedirect?: AddRedirect;
  /** The images part's use counting (server/content/image-seam.ts); tests give their own. */
  imageUses?: ImageUses;
}
