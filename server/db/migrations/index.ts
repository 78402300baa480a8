/**
 * The migrations, one file per step, in the order they run. Each key is the name Kysely has
 * recorded in the kysely_migration table of every database that ran it: a renamed key would run
 * its step again, so the keys stay as they are whatever the files are called.
 */
import { type Migration, type MigrationProvider, Migrator, type Kysely } from "kysely";
import type { Dialect } from "../dialect";
import { submissionsMigration } from "./001-submissions";
import { confirmationLogAndErasureEventsMigration } from "./002-confirmation-log-and-erasure-events";
import { analyticsEventsAndConsentRecordsMigration } from "./003-analytics-events-and-consent-records";
import { spamQuarantineMigration } from "./004-spam-quarantine";
import { staffConsoleMigration } from "./005-staff-console";
import { consoleAccessMigration } from "./006-console-access";
import { auditChainMigration } from "./007-audit-chain";
import { invitationInviterMigration } from "./008-invitation-inviter";
import { jobRolesMigration } from "./009-job-roles";
import { decisionsMigration } from "./010-decisions";
import { inboxSearchMigration } from "./011-inbox-search";
import { assignmentMigration } from "./012-assignment";
import { repliesMigration } from "./013-replies";
import { leadSourceMigration } from "./014-lead-source";
import { alertsMigration } from "./015-alerts";
import { positionsMigration } from "./016-positions";
import { enquiryOutcomesMigration } from "./017-enquiry-outcomes";
import { analyticsRollupsMigration } from "./018-analytics-rollups";
import { notFoundCountsMigration } from "./019-not-found-counts";
import { conversationsMigration } from "./020-conversations";
import { wordSearchMigration } from "./021-word-search";
import { weeklyReportMigration } from "./022-weekly-report";
import { vitalEventsIndexMigration } from "./023-vital-events-index";
import { redirectsMigration } from "./024-redirects";
import { imagesMigration } from "./025-images";
import { contentMigration } from "./026-content";
import { vitalRollupsMigration } from "./029-vital-rollups";
import { offerStageMigration } from "./030-offer-stage";
import { edgesMigration } from "./031-edges";
import { monthTotalsMigration } from "./032-month-totals";
import { webhookTestPassedMigration } from "./033-webhook-test-passed";

/** One set of migrations for SQLite and PostgreSQL; the few type differences are in ../dialect.ts. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    "001-submissions": submissionsMigration(dialect),
    "002-confirmation-log-and-erasure-events": confirmationLogAndErasureEventsMigration(dialect),
    "003-analytics-events-and-consent-records": analyticsEventsAndConsentRecordsMigration(dialect),
    "004-spam-quarantine": spamQuarantineMigration(dialect),
    "005-staff-console": staffConsoleMigration(dialect),
    "006-console-access": consoleAccessMigration(),
    "007-audit-chain": auditChainMigration(),
    "008-invitation-inviter": invitationInviterMigration(),
    "009-job-roles": jobRolesMigration(dialect),
    "010-decisions": decisionsMigration(),
    "011-inbox-search": inboxSearchMigration(dialect),
    "012-assignment": assignmentMigration(),
    "013-replies": repliesMigration(dialect),
    "014-lead-source": leadSourceMigration(),
    "015-alerts": alertsMigration(dialect),
    "016-positions": positionsMigration(dialect),
    "017-enquiry-outcomes": enquiryOutcomesMigration(dialect),
    "018-analytics-rollups": analyticsRollupsMigration(),
    "019-not-found-counts": notFoundCountsMigration(),
    "020-conversations": conversationsMigration(dialect),
    "021-word-search": wordSearchMigration(dialect),
    "022-weekly-report": weeklyReportMigration(dialect),
    "023-vital-events-index": vitalEventsIndexMigration(),
    "024-redirects": redirectsMigration(dialect),
    "025-images": imagesMigration(dialect),
    "026-content": contentMigration(dialect),
    "029-vital-rollups": vitalRollupsMigration(dialect),
    "030-offer-stage": offerStageMigration(),
    "031-edges": edgesMigration(dialect),
    "032-month-totals": monthTotalsMigration(dialect),
    "033-webhook-test-passed": webhookTestPassedMigration(),
  };
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations() {
    return migrations(this.dialect);
  }
}

/**
 * `inOpenTransaction`: the caller already holds a transaction on the connection `db` uses
 * (move-to-postgres, which creates the schema and copies the rows in one), so each migration
 * does not open its own.
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  dialect: Dialect,
  opts: { inOpenTransaction?: boolean } = {},
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: new InCodeProvider(dialect),
    disableTransactions: opts.inOpenTransaction === true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
