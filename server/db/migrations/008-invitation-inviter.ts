/** Migration 008-invitation-inviter, under the name Kysely has recorded in every database that ran it. */
import { type Kysely, type Migration } from "kysely";

export function invitationInviterMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Who made each invitation (a staff id; null: the command line). A revoked person's
      // pending invitations end with them, and a link of theirs no longer opens.
      await db.schema.alterTable("invitations").addColumn("invited_by", "integer").execute();
    },
  };
}
