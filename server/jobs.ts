import type { FastifyInstance } from "fastify";
import type { Config } from "./config";
import { createOutboxWorker } from "./mail/outbox-worker";
import { createTransport } from "./mail/transport";
import { consentRecordMonths } from "../contracts/index";
import { purgeMeasurements } from "./storage/analytics";
import { purgeExpired } from "./storage/retention";
import { sendReviewNotice } from "./spam/review-notice";

const day = 24 * 60 * 60_000;

/**
 * What the running server does besides answering requests: deliver the outbox and, once a
 * day, apply the retention periods (storage/retention.ts) and delete measurements older than
 * ANALYTICS_RETENTION_MONTHS and consent records older than the Cookie Policy states. Stopped
 * when the server closes.
 */
export function startBackgroundJobs(app: FastifyInstance, config: Config) {
  const transport = createTransport({
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    sendTimeoutMs: config.outbox.sendTimeoutMs,
  });
  const worker = createOutboxWorker({ config, storage: app.storage, transport, log: app.log });
  app.outboxQueued = () => worker.wake();
  worker.start();

  const purge = async () => {
    try {
      const result = await purgeExpired(app.storage, new Date(), config.retention, {
        dataDir: config.dataDir,
        webhookUrl: config.webhookUrl,
      });
      // Counts and application numbers only: no personal data in the log.
      app.log.info(
        {
          applications: result.applications,
          enquiries: result.enquiries,
          feedback: result.feedback,
          spam: result.spam,
          networkDataCleared: result.networkDataCleared,
          mailFiles: result.removed?.mailFiles ?? 0,
          cutoffs: result.cutoffs,
        },
        "retention purge",
      );
    } catch (error) {
      app.log.error({ err: error }, "retention purge failed");
    }
    try {
      const result = await purgeMeasurements(
        app.storage.db,
        new Date(),
        config.analytics.retentionMonths,
        consentRecordMonths,
      );
      app.log.info(result, "measurement purge");
    } catch (error) {
      app.log.error({ err: error }, "measurement purge failed");
    }
  };
  void purge();
  const daily = setInterval(purge, day);
  daily.unref();

  // Submissions held for review (sent without JavaScript): one content-free notice an hour at most.
  const notice = () =>
    sendReviewNotice(app.storage, transport, config).then(
      (count) => count && app.log.info({ count }, "review notice sent"),
      (error: unknown) => app.log.error({ err: error }, "review notice failed"),
    );
  const hourly = setInterval(notice, 60 * 60_000);
  hourly.unref();

  app.addHook("onClose", async () => {
    clearInterval(daily);
    clearInterval(hourly);
    await worker.stop();
    transport.close();
  });
  return worker;
}
