/**
 * The server with the fixture's partners role (server/test-support/added-role.ts: one row of the
 * staff roles' table, nothing else changed), for tests/console/partners.spec.ts: the built site
 * and console on a port of its own, with a database of its own. Once it listens it prints one line,
 * an invitation link for a partners person (the CLI offers the house's roles only).
 */
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { createInvitation, invitationLink } from "../../server/console/invitations";
import { rolesWithPartners } from "../../server/test-support/added-role";

const config = loadConfig();
const app = await buildApp(config, { staffRoles: rolesWithPartners });
await app.listen({ port: config.port, host: config.host });
const email = process.env.PARTNERS_EMAIL ?? "mina.partners@altivacloud.com";
const token = await createInvitation(
  app.storage.db,
  { email, name: "Mina Partner", role: "partners" },
  new Date(),
  null,
);
console.log(invitationLink(config.admin.origin, token));
