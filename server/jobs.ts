import type { FastifyInstance } from "fastify";
import type { Config } from "./config";
import { staffRoles } from "../contracts/staff/permissions";
import { startWeeklyReports } from "./mail/weekly-report-queue";
import { startMailAlerts } from "./mail/alerts";
import { createInboundReader } from "./mail/inbound-imap";
import { createOutboxWorker } from "./mail/outbox-worker";
import { recordingOutcome } from "./mail/last-outcome";
import { createTransport } from "./mail/transport";
import { purgeExpired } from "./retention/retention";
import { deleteUnusedImages } from "./images/images";
import { sendReviewNotice } from "./spam/review-notice";
import { startContentSchedule } from "./console/content-schedule";
import { addRedirect } from "./content/redirect-seam";
import { imageUses } from "./content/image-seam";

const day = 24 * 60 * 60_000;

/**
 * What the running server does besides answering requests: deliver the outbox and, once a
 * day, apply every period of the retention table (storage/retention-policy.ts) through the
 * same purgeExpired() as `npm run admin -- purge`, then delete the image uploads no content item
 * used within a week (server/images/). Stopped when the server closes.
 */
export function startBackgroundJobs(app: FastifyInstance, config: Config) {
  // Every send's outcome is kept for /readyz (routes/health.ts).
  const transport = recordingOutcome(
    createTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, sendTimeoutMs: config.outbox.sendTimeoutMs }),
    app.mailOutcome,
    (failure) => app.metrics.mailFailures.inc({ failure }),
  );
  const worker = createOutboxWorker({ config, storage: app.storage, transport, log: app.log });
  app.outboxQueued = () => worker.wake();
  worker.start();

  const purge = async () => {
    try {
      // The same function as `npm run admin -- purge`: every period of the retention table.
      const result = await purgeExpired(app.storage, new Date(), config.retention, {
        dataDir: config.dataDir,
        webhookUrl: config.webhookUrl,
      });
      const purged = {
        applications: result.applications.length,
        enquiries: result.enquiries,
        feedback: result.feedback,
        spam: result.spam,
        network_data: result.networkDataCleared,
        analytics: result.analytics,
        consent_records: result.consentRecords,
        audit_entries: result.auditEntries,
        sessions: result.sessions + result.idleSessions,
      };
      for (const [what, count] of Object.entries(purged)) app.metrics.purged.inc({ what }, count);
      // Counts and application numbers only: no personal data in the log.
      app.log.info(
        {
          applications: result.applications,
          enquiries: result.enquiries,
          feedback: result.feedback,
          spam: result.spam,
          networkDataCleared: result.networkDataCleared,
          analytics: result.analytics,
          consentRecords: result.consentRecords,
          dailyTotals: result.dailyTotals,
          auditEntries: result.auditEntries,
          sessions: result.sessions + result.idleSessions,
          mailFiles: result.removed?.mailFiles ?? 0,
          cutoffs: result.cutoffs,
        },
        "retention purge",
      );
    } catch (error) {
      app.log.error({ err: error }, "retention purge failed");
    }
  };
  // Uploads no content item took up within a week (decision 063): counts only in the log.
  const sweepImages = () =>
    deleteUnusedImages(app.storage.db, new Date()).then(
      (count) => count && app.log.info({ count }, "unused images deleted"),
      (error: unknown) => app.log.error({ err: error }, "unused images sweep failed"),
    );
  void purge().then(sweepImages);
  const daily = setInterval(() => void purge().then(sweepImages), day);
  daily.unref();

  // Submissions held for review (sent without JavaScript): one content-free notice an hour at most.
  const notice = () =>
    sendReviewNotice(app.storage, transport, config).then(
      (count) => count && app.log.info({ count }, "review notice sent"),
      (error: unknown) => app.log.error({ err: error }, "review notice failed"),
    );
  const hourly = setInterval(notice, 60 * 60_000);
  hourly.unref();

  // Failed or stuck mail: one alert an hour to the admins (mail/alerts.ts).
  const stopAlerts = startMailAlerts({ config, storage: app.storage, transport }, app.log);

  // The weekly report, Monday 08:00 in COMPANY_TIME_ZONE, to those who chose it (decision 057).
  const stopReports = startWeeklyReports(
    { config, storage: app.storage, staffRoles, onQueued: () => worker.wake() },
    app.log,
  );

  // Answers by e-mail, read back into their conversations (INBOUND_IMAP_URL; decision 058).
  const inbound = createInboundReader({ config, storage: app.storage, log: app.log });
  inbound.start();

  // Content scheduled by marketing goes live within 15 s of its time, on whichever instance ticks first (decision 065).
  const stopSchedule = startContentSchedule(app.storage, () => new Date(), addRedirect, imageUses, app.log);

  app.addHook("onClose", async () => {
    stopSchedule();
    stopAlerts();
    stopReports();
    await inbound.stop();
    clearInterval(daily);
    clearInterval(hourly);
    // Sends in flight finish, or their leases are given back (SIGTERM: index.ts).
    await worker.stop(config.shutdownTimeoutMs);
    transport.close();
  });
  return worker;
}
