/**
 * `routing-key rotate`: seals every routing rule's chat webhook again with ROUTING_SECRET_KEY,
 * opening it with ROUTING_SECRET_KEY_PREVIOUS (docs/runbook.md, "Rotating ROUTING_SECRET_KEY").
 */
import { openWithEither, sealSecret } from "../../mail/routing-secret";
import { resealWebhooks } from "../../routing/routing-rules";
import { CliError, command } from "../command";

export default command({
  name: "routing-key",
  usage: `  routing-key rotate             seals every chat rule's webhook URL again with
                                 ROUTING_SECRET_KEY, opening it with ROUTING_SECRET_KEY_PREVIOUS;
                                 all or none (a webhook neither key opens stops it)
`,
  options: {},
  audited: { "routing-key rotate": "routing key rotated" },
  notAudited: {},
  async run({ storage, config, positionals, print, audit }) {
    if (positionals[0] !== "rotate")
      throw new CliError(`Unknown routing-key command "${positionals[0] ?? ""}": use rotate.`);
    const { secretKey: current, previousKey: previous } = config.routing;
    if (!current || !previous)
      throw new CliError(
        "Set ROUTING_SECRET_KEY to the new key and ROUTING_SECRET_KEY_PREVIOUS to the one it replaces.",
      );
    const done = await resealWebhooks(storage, (rule) => {
      let opened;
      try {
        opened = openWithEither({ current, previous }, rule.webhook_sealed);
      } catch {
        throw new CliError(
          `Rule #${rule.id}'s webhook opens with neither key: nothing was changed. ` +
            "Enter that rule's webhook URL again on /admin/routing, or give the key that sealed it.",
        );
      }
      return opened.by === "current" ? null : sealSecret(current, opened.plain);
    });
    const what = `${done.resealed.length} webhook(s) sealed with the new key, ${done.unchanged.length} already were`;
    await audit("routing-key rotate", {
      subject: done.resealed.map((id) => `rule #${id}`).join(", ") || null,
      detail: what,
    });
    print(what);
    if (done.resealed.length + done.unchanged.length > 0)
      print("ROUTING_SECRET_KEY_PREVIOUS can now be removed from every instance.");
    return 0;
  },
});
